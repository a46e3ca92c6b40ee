import type { Page } from '@playwright/test';

/** Opens a page and waits until React has hydrated it, so clicks are not lost on server HTML. */
export async function open(page: Page, url: string) {
  const res = await page.goto(url);
  await page.waitForSelector('#root[data-hydrated]', { state: 'attached' });
  return res;
}
