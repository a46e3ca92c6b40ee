import type { ComponentPropsWithoutRef } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import { renderToStaticMarkup } from 'react-dom/server';

/** Element classes are fixed strings here, so joining is enough. */
const cn = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

type Props<T extends keyof React.JSX.IntrinsicElements> = ComponentPropsWithoutRef<T> & ExtraProps;

const linkClass =
  'font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary';

/**
 * Site paths are marked for the page's client-side router; an unsafe URL (emptied by
 * react-markdown's urlTransform) is plain text.
 */
function MarkdownLink({ node: _node, href, children, ...rest }: Props<'a'>) {
  if (!href) return <span>{children}</span>;
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <a href={href} className={linkClass} data-internal="">
        {children}
      </a>
    );
  }
  return (
    <a {...rest} href={href} className={linkClass} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Tailwind classes for each element, since there is no typography plugin. */
function styled<T extends keyof React.JSX.IntrinsicElements>(Tag: T, className: string) {
  const Element = ({ node: _node, className: own, ...rest }: Props<T>) => {
    const Any = Tag as React.ElementType;
    return <Any className={cn(className, own)} {...rest} />;
  };
  Element.displayName = `Markdown.${Tag}`;
  return Element;
}

const components: Components = {
  // The page title is the only h1, so a heading 1 in a post becomes a section heading.
  h1: styled('h2', 'mt-10 mb-4 scroll-mt-24 text-2xl font-bold tracking-tight md:text-3xl'),
  h2: styled('h2', 'mt-10 mb-4 scroll-mt-24 text-2xl font-bold tracking-tight md:text-3xl'),
  h3: styled('h3', 'mt-8 mb-3 scroll-mt-24 text-xl font-semibold'),
  h4: styled('h4', 'mt-6 mb-2 text-lg font-semibold'),
  h5: styled('h5', 'mt-6 mb-2 font-semibold'),
  h6: styled('h6', 'mt-6 mb-2 font-semibold text-muted-foreground'),
  p: styled('p', 'my-5'),
  a: MarkdownLink,
  strong: styled('strong', 'font-semibold text-foreground'),
  ul: styled('ul', 'my-5 list-disc space-y-2 pl-6 marker:text-primary'),
  ol: styled('ol', 'my-5 list-decimal space-y-2 pl-6 marker:font-semibold marker:text-primary'),
  li: styled('li', 'pl-1 [&>ol]:my-2 [&>ul]:my-2'),
  blockquote: styled(
    'blockquote',
    'my-6 border-l-4 border-primary/40 bg-muted/50 py-2 pl-4 pr-2 italic text-muted-foreground',
  ),
  hr: styled('hr', 'my-10 border-border'),
  code: styled('code', 'rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em]'),
  pre: styled(
    'pre',
    'my-6 overflow-x-auto rounded-lg bg-muted p-4 text-sm leading-6 [&>code]:bg-transparent [&>code]:p-0',
  ),
  img: styled('img', 'my-6 h-auto max-w-full rounded-lg'),
  // Wide tables scroll sideways on phones instead of widening the page.
  table: ({ node: _node, className, ...rest }: Props<'table'>) => (
    <div className="my-6 overflow-x-auto rounded-lg border">
      <table className={cn('w-full border-collapse text-left text-sm md:text-base', className)} {...rest} />
    </div>
  ),
  thead: styled('thead', 'bg-muted'),
  tr: styled('tr', 'border-b last:border-b-0'),
  th: styled('th', 'px-4 py-2.5 align-bottom font-semibold'),
  td: styled('td', 'px-4 py-2.5 align-top'),
};

let parser: Promise<{
  ReactMarkdown: typeof import('react-markdown').default;
  remarkGfm: typeof import('remark-gfm').default;
}> | null = null;
const loadParser = () =>
  (parser ??= Promise.all([import('react-markdown'), import('remark-gfm')]).then(([md, gfm]) => ({
    ReactMarkdown: md.default,
    remarkGfm: gfm.default,
  })));

/**
 * A post's markdown as HTML, rendered on the server so browsers never download the markdown
 * parser. Raw HTML is dropped (`skipHtml`, no rehype-raw) and URLs go through react-markdown's
 * default urlTransform, which blanks `javascript:` and other unsafe schemes: the output holds
 * only the elements above, never markup from the post. The parser is loaded at the first post, not
 * at start (docs/decisions/0123-embedded-memory.md).
 */
export async function renderMarkdown(markdown: string): Promise<string> {
  const { ReactMarkdown, remarkGfm } = await loadParser();
  return renderToStaticMarkup(
    <ReactMarkdown skipHtml remarkPlugins={[remarkGfm]} components={components}>
      {markdown}
    </ReactMarkdown>,
  );
}
