import { describe, expect, it } from 'vitest';
import { readingMinutes } from '@shared/reading-time';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('readingMinutes', () => {
  it('is the word count divided by 200, rounded up', () => {
    expect(readingMinutes('')).toBe(0);
    expect(readingMinutes(words(1))).toBe(1);
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(400))).toBe(2);
    expect(readingMinutes(words(401))).toBe(3);
  });

  it('counts words, not whitespace', () => {
    expect(readingMinutes('   \n\t  ')).toBe(0);
    expect(readingMinutes('  one\n\ntwo\t three  ')).toBe(1);
    // 200 words spread over lines, tabs and runs of spaces are still one minute.
    expect(readingMinutes(`\n  ${words(200).split(' ').join('  \n\t ')}  \n`)).toBe(1);
    expect(readingMinutes(`${words(200)}\n\nextra`)).toBe(2);
  });
});
