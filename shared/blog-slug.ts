/** A post address: plain words and dashes (no zod here, so pages can check it without the library). */
export const BLOG_SLUG_PATTERN = /^[a-z0-9-]+$/i;
export const BLOG_SLUG_MAX = 200;

export const isBlogSlug = (s: string) => s.length > 0 && s.length <= BLOG_SLUG_MAX && BLOG_SLUG_PATTERN.test(s);
