import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, and when two Tailwind utilities set the same thing (h-10 then h-9, p-5
 * then p-6) keeps the later one, so a component's className overrides its defaults. It knows
 * only the utility groups this app uses; tailwind-merge does the same for every group but
 * weighs 9 KB gzip, a tenth of a public page's JavaScript budget.
 */

const EXACT: Record<string, string> = {};
for (const d of [
  'block',
  'inline-block',
  'inline',
  'flex',
  'inline-flex',
  'grid',
  'inline-grid',
  'hidden',
  'contents',
  'table',
])
  EXACT[d] = 'display';
for (const p of ['static', 'fixed', 'absolute', 'relative', 'sticky']) EXACT[p] = 'position';
for (const w of ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'])
  EXACT[`font-${w}`] = 'font-weight';
for (const s of ['sans', 'serif', 'mono']) EXACT[`font-${s}`] = 'font-family';
for (const a of ['left', 'center', 'right', 'justify', 'start', 'end']) EXACT[`text-${a}`] = 'text-align';

const TEXT_SIZE = /^text-(xs|sm|base|lg|xl|[2-9]xl|\[\d.*\])$/;

const PREFIXES: [RegExp, string][] = [
  [/^(p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me)-/, '$1'],
  [/^(min-w|max-w|min-h|max-h|size|w|h)-/, '$1'],
  [/^gap-(x|y)-/, 'gap-$1'],
  [/^gap-/, 'gap'],
  [/^inset-(x|y)-/, 'inset-$1'],
  [
    /^(leading|tracking|opacity|z|shadow|cursor|whitespace|overflow-x|overflow-y|overflow|inset|top|right|bottom|left|items|self|content|order|grid-cols|col-span|line-clamp)-/,
    '$1',
  ],
  [/^justify-self-/, 'justify-self'],
  [/^justify-items-/, 'justify-items'],
  [/^space-(x|y)-/, 'space-$1'],
  [/^(grow|shrink|basis)(-|$)/, '$1'],
  [/^justify-/, 'justify'],
  [/^flex-(row|col)/, 'flex-direction'],
  [/^flex-(1|auto|initial|none)$/, 'flex'],
  [/^rounded(-(none|sm|md|lg|xl|2xl|3xl|full|\[.+\]))?$/, 'rounded'],
  [/^border(-[0-9]+)?$/, 'border-width'],
  // A side's width (border-t, border-x-2) is its own group; a side's colour (border-t-red-500) is not merged.
  [/^border-([trblxyse])(-[0-9]+)?$/, 'border-w-$1'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [/^border-(?![trblxyse](-|$)|[0-9]|collapse|separate|spacing)/, 'border-color'],
  [
    /^bg-(?!gradient|linear|radial|conic|clip|origin|fixed|local|scroll|repeat|no-repeat|cover|contain|center)/,
    'bg-color',
  ],
  [/^text-/, 'text-color'],
];

/** Later groups that an earlier class of this group overrides (p-4 replaces px-2). */
const COVERS: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pl', 'pr', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['ml', 'mr', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  gap: ['gap-x', 'gap-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['left', 'right'],
  'inset-y': ['top', 'bottom'],
  'border-width': [
    'border-w-t',
    'border-w-r',
    'border-w-b',
    'border-w-l',
    'border-w-x',
    'border-w-y',
    'border-w-s',
    'border-w-e',
  ],
  'border-w-x': ['border-w-l', 'border-w-r'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  flex: ['grow', 'shrink', 'basis'],
  // A font size sets its line height; line-clamp sets its own display.
  'text-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  overflow: ['overflow-x', 'overflow-y'],
};

/** 'md:hover:px-4' -> ['md:hover:', 'px']; null when the utility is not in a known group. */
export function groupOf(cls: string): [variants: string, group: string] | null {
  let cut = -1;
  let depth = 0;
  for (let i = 0; i < cls.length; i++) {
    const ch = cls[i];
    if (ch === '[') depth++;
    else if (ch === ']') depth--;
    else if (ch === ':' && depth === 0) cut = i;
  }
  const variants = cut >= 0 ? cls.slice(0, cut + 1) : '';
  const utility = cls
    .slice(cut + 1)
    .replace(/^!/, '')
    .replace(/^-/, '');
  const exact = EXACT[utility];
  if (exact) return [variants, exact];
  if (TEXT_SIZE.test(utility)) return [variants, 'text-size'];
  for (const [re, name] of PREFIXES) {
    const m = re.exec(utility);
    if (m) return [variants, name.replace('$1', m[1] ?? '')];
  }
  return null;
}

export function mergeClasses(classes: string): string {
  const list = classes.split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  const keyAt = new Map<string, number>();
  for (const cls of list) {
    const g = groupOf(cls);
    if (g) {
      const [variants, group] = g;
      for (const covered of [group, ...(COVERS[group] ?? [])]) {
        const at = keyAt.get(variants + covered);
        if (at !== undefined) {
          kept[at] = '';
          keyAt.delete(variants + covered);
        }
      }
      keyAt.set(variants + group, kept.length);
    }
    kept.push(cls);
  }
  return kept.filter(Boolean).join(' ');
}

// Components pass the same few hundred class strings on every render (thousands per server-rendered page).
const merged = new Map<string, string>();

export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  let out = merged.get(classes);
  if (out === undefined) {
    out = mergeClasses(classes);
    if (merged.size >= 5000) merged.clear();
    merged.set(classes, out);
  }
  return out;
}
