import { describe, expect, it } from 'vitest';
import { cn, groupOf } from '@/lib/cn';

describe('cn: later utilities override earlier ones of the same group', () => {
  it.each([
    ['h-10 w-full px-3', 'h-9 w-44', 'px-3 h-9 w-44'],
    ['flex flex-col gap-1.5 p-5', 'gap-3', 'flex flex-col p-5 gap-3'],
    ['p-5 pt-0', 'p-6 md:p-10', 'p-6 md:p-10'],
    ['text-sm font-medium leading-none', 'font-semibold', 'text-sm leading-none font-semibold'],
    ['h-10 px-4 py-2', 'h-auto p-0', 'h-auto p-0'],
    [
      'rounded-md bg-primary text-primary-foreground',
      'bg-destructive text-destructive-foreground',
      'rounded-md bg-destructive text-destructive-foreground',
    ],
    ['text-lg font-semibold', 'text-sm text-muted-foreground', 'font-semibold text-sm text-muted-foreground'],
    ['max-w-lg w-[calc(100%-2rem)]', 'sm:max-w-[500px]', 'max-w-lg w-[calc(100%-2rem)] sm:max-w-[500px]'],
    ['border border-input', 'border-destructive', 'border border-destructive'],
    ['hidden lg:flex', 'flex', 'lg:flex flex'],
    [
      'data-[state=checked]:bg-primary hover:bg-muted',
      'hover:bg-muted/80',
      'data-[state=checked]:bg-primary hover:bg-muted/80',
    ],
  ])('%s + %s', (base, extra, expected) => {
    expect(cn(base, extra)).toBe(expected);
  });

  it('keeps utilities it does not know and conditional classes', () => {
    const off: boolean = Math.random() > 2;
    expect(cn('animate-pulse sr-only', off && 'x', { 'ring-2': true, hidden: false })).toBe(
      'animate-pulse sr-only ring-2',
    );
    expect(cn('[&>*:first-child]:mt-0 mt-4')).toBe('[&>*:first-child]:mt-0 mt-4');
  });

  it('reads variants and negative values', () => {
    expect(groupOf('md:hover:-mt-2')).toEqual(['md:hover:', 'mt']);
    expect(groupOf('[&>span]:truncate')).toBeNull();
    expect(groupOf('text-2xl')).toEqual(['', 'text-size']);
    expect(groupOf('text-primary/80')).toEqual(['', 'text-color']);
    expect(groupOf('text-center')).toEqual(['', 'text-align']);
  });
});
