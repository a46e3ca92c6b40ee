/** 'N min read': the word count divided by 200, rounded up. */
export function readingMinutes(markdown: string): number {
  const words = markdown.trim().split(/\s+/).filter(Boolean).length;
  return Math.ceil(words / 200);
}
