import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, groupOf } from '@/lib/cn';

// Every class-like word written in the client's sources (cn's own group names excluded).
function classesTheAppUses(): string[] {
  const files = execFileSync('git', ['ls-files', 'client/src/**/*.ts', 'client/src/**/*.tsx'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter((f) => !f.endsWith('lib/cn.ts'));
  const found = new Set<string>();
  for (const file of files) {
    for (const [, , text] of readFileSync(file, 'utf8').matchAll(/(['"`])([^'"`\n]*?)\1/g)) {
      for (const word of text!.split(/\s+/)) {
        if (
          /^[a-z0-9:\-[\]/.&>*=_%()!]+$/.test(word) &&
          /-|^(flex|grid|hidden|block|inline|border|rounded|shadow|truncate|relative|absolute|fixed|sticky|static|grow|shrink)$/.test(
            word,
          )
        )
          found.add(word);
      }
    }
  }
  return [...found];
}

describe('cn agrees with tailwind-merge over the classes the app uses', { timeout: 120_000 }, () => {
  const classes = classesTheAppUses();
  // Both merges of every ordered pair, computed once (about 400,000 merges).
  const pairs = classes.flatMap((a) =>
    classes.filter((b) => b !== a).map((b) => ({ a, b, ours: cn(a, b), theirs: twMerge(a, b) })),
  );

  it('finds the classes', () => {
    expect(classes.length).toBeGreaterThan(300);
    expect(classes).toContain('border-t');
  });

  it('never drops a class that tailwind-merge keeps', () => {
    const wrong = pairs.filter(({ ours, theirs }) => {
      const kept = new Set(ours.split(' '));
      return theirs.split(' ').some((c) => !kept.has(c));
    });
    expect(wrong.map(({ a, b }) => `${a} + ${b}`)).toEqual([]);
  });

  it('merges exactly as tailwind-merge when it knows both groups', () => {
    const differ = pairs.filter(({ a, b, ours, theirs }) => groupOf(a) && groupOf(b) && ours !== theirs);
    expect(differ.map(({ a, b, ours, theirs }) => `${a} + ${b}: ${ours} vs ${theirs}`)).toEqual([]);
  });

  it('keeps a border side with a border colour (the reported bug)', () => {
    expect(cn('border-t', 'border-input')).toBe('border-t border-input');
    expect(cn('border-t border-b', 'border-2')).toBe('border-2');
    expect(cn('inset-y-0 left-2')).toBe('inset-y-0 left-2');
  });
});
