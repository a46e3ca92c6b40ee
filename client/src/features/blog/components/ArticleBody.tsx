import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { cn } from '@/lib/cn';

// Same classes as server/render/markdown.tsx's MARKDOWN_BODY_CLASS (the server renders the inside).
const BODY_CLASS = 'text-base leading-7 text-foreground md:text-lg md:leading-8 [&>*:first-child]:mt-0';

/**
 * A post body the server rendered from markdown (no raw HTML from the post passes its renderer,
 * see server/render/markdown.tsx). Links to site pages navigate without a full reload.
 */
export function ArticleBody({ html, className }: { html: string; className?: string }) {
  const [, navigate] = useLocation();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = (e.target as HTMLElement).closest('a[data-internal]');
    if (!link || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(link.getAttribute('href')!);
  };
  return <div className={cn(BODY_CLASS, className)} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
