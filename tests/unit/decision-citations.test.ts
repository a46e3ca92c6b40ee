import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The decision record is one file per decision under docs/decisions/ (docs/decisions/README.md).
 * Code, tests and documents cite the file a comment relies on, so a citation must name a file that
 * exists; the old single-file record is gone, so citing it is a dead link. Each decision says when
 * it was written and whether it still holds, and the index lists every one.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DECISIONS = join(ROOT, 'docs', 'decisions');

/** Built from parts, so this file cites neither the old record nor the made-up decisions of its last test. */
const OLD_RECORD = ['docs', 'decisions.md'].join('/');
const DIR = ['docs', 'decisions'].join('/');
const CITATION = /docs\/decisions\/(\d{4}-[a-z0-9-]+\.md)/g;
/** A decision's links to another decision, relative to docs/decisions/. */
const RELATIVE_LINK = /\]\((\d{4}-[a-z0-9-]+\.md)\)/g;
const DECISION_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;

/** Generated or installed, not the project's own text. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  '.git',
  '.vite',
  'test-results',
  'playwright-report',
  'coverage',
]);
const skippedDir = (name: string, path: string) =>
  SKIPPED_DIRS.has(name) ||
  name.startsWith('.data') ||
  name.startsWith('dist-') ||
  relative(ROOT, path) === join('bench', 'results');

function repoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return skippedDir(e.name, path) ? [] : repoFiles(path);
    return e.isFile() ? [path] : [];
  });
}

/** Text files only: a NUL byte marks a binary. */
function textOf(path: string): string | null {
  if (statSync(path).size > 5_000_000) return null;
  const text = readFileSync(path, 'utf8');
  return text.includes('\0') ? null : text;
}

/** Every problem with the citations in one file's text: the old record, or a decision file that does not exist. */
export function citationProblems(file: string, text: string, exists: (name: string) => boolean): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.includes(OLD_RECORD)) problems.push(`${file}:${i + 1}: cites ${OLD_RECORD}`);
    for (const m of line.matchAll(CITATION))
      if (!exists(m[1]!)) problems.push(`${file}:${i + 1}: cites ${DIR}/${m[1]}, which does not exist`);
    if (file.startsWith(`${DIR}/`))
      for (const m of line.matchAll(RELATIVE_LINK))
        if (!exists(m[1]!)) problems.push(`${file}:${i + 1}: links ${m[1]}, which does not exist`);
  });
  return problems;
}

/** What a decision file must say about itself: its number and title, the date it was written, whether it holds. */
export function headerProblems(name: string, text: string, exists: (name: string) => boolean): string[] {
  const problems: string[] = [];
  const number = DECISION_FILE.exec(name)?.[1];
  if (!number) return [`${name}: not named NNNN-title.md`];
  if (!new RegExp(`^# ${number}\\. \\S`).test(text))
    problems.push(`${name}: the first line is not '# ${number}. Title'`);
  const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1];
  if (
    !date ||
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
  )
    problems.push(`${name}: no 'Date: YYYY-MM-DD' line`);
  const status = /^Status: (Accepted|Superseded by (\d{4}))$/m.exec(text);
  if (!status) problems.push(`${name}: no 'Status: Accepted' or 'Status: Superseded by NNNN' line`);
  else if (status[2] && !exists(status[2])) problems.push(`${name}: superseded by ${status[2]}, which does not exist`);
  return problems;
}

const decisionFiles = readdirSync(DECISIONS).filter((n) => DECISION_FILE.test(n));
const decisionExists = (name: string) => existsSync(join(DECISIONS, name));
const numberExists = (number: string) => decisionFiles.some((n) => n.startsWith(`${number}-`));

describe('the decision record', () => {
  it('is cited by files that exist, and never as the old single file', () => {
    const problems = repoFiles(ROOT).flatMap((path) => {
      const text = textOf(path);
      return text === null ? [] : citationProblems(relative(ROOT, path).split('\\').join('/'), text, decisionExists);
    });
    expect(problems).toEqual([]);
  });

  it('has its decisions, each with its title, date and status, under numbers used once', () => {
    expect(decisionFiles.length).toBeGreaterThan(0);
    const numbers = decisionFiles.map((n) => n.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
    expect(
      decisionFiles.flatMap((n) => headerProblems(n, readFileSync(join(DECISIONS, n), 'utf8'), numberExists)),
    ).toEqual([]);
  });

  it('lists every decision in its index', () => {
    const index = readFileSync(join(DECISIONS, 'README.md'), 'utf8');
    expect(decisionFiles.filter((n) => !index.includes(`](${n})`))).toEqual([]);
  });

  it('holds no merge left unresolved (a conflict marker at the start of a line), nor does any other text of the project', () => {
    // Built from parts, so this file does not hold the markers it looks for.
    const marker = new RegExp(`^(${['<'.repeat(7), '>'.repeat(7)].join('|')})( |$)`, 'm');
    const unresolved = repoFiles(ROOT).filter((path) => {
      const text = textOf(path);
      return text !== null && marker.test(text);
    });
    expect(unresolved.map((path) => relative(ROOT, path))).toEqual([]);
  });

  it('finds a citation of the old record, a missing decision and a decision without its date or status', () => {
    const none = () => false;
    expect(citationProblems('server/x.ts', `// (${OLD_RECORD} §3)`, none)).toEqual([
      `server/x.ts:1: cites ${OLD_RECORD}`,
    ]);
    expect(citationProblems('server/x.ts', `a\n// (${DIR}/0999-nothing.md)`, none)).toEqual([
      `server/x.ts:2: cites ${DIR}/0999-nothing.md, which does not exist`,
    ]);
    expect(citationProblems(`${DIR}/0001-a.md`, 'see [0999](0999-nothing.md)', none)).toEqual([
      `${DIR}/0001-a.md:1: links 0999-nothing.md, which does not exist`,
    ]);
    expect(citationProblems('server/x.ts', `// (${DIR}/0001-region-data.md)`, decisionExists)).toEqual([]);
    expect(headerProblems('0001-a.md', '# 0001. A\n\nDate: 2026-11-22\nStatus: Accepted\n', none)).toEqual([]);
    expect(headerProblems('0001-a.md', '# 0001. A\n\nStatus: Accepted\n', none)).toEqual([
      "0001-a.md: no 'Date: YYYY-MM-DD' line",
    ]);
    expect(headerProblems('0001-a.md', '# 0001. A\n\nDate: 2026-13-45\nStatus: Accepted\n', none)).toEqual([
      "0001-a.md: no 'Date: YYYY-MM-DD' line",
    ]);
    expect(headerProblems('0001-a.md', '# 0001. A\n\nDate: 2026-11-22\n', none)).toEqual([
      "0001-a.md: no 'Status: Accepted' or 'Status: Superseded by NNNN' line",
    ]);
    expect(headerProblems('0001-a.md', '# 0001. A\n\nDate: 2026-11-22\nStatus: Superseded by 0002\n', none)).toEqual([
      '0001-a.md: superseded by 0002, which does not exist',
    ]);
  });
});
