import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until React has hydrated it, so clicks are not lost on server HTML. */
export async function open(page: Page, url: string) {
  const res = await page.goto(url);
  await page.waitForSelector('#root[data-hydrated]', { state: 'attached' });
  return res;
}

/** No WCAG 2 A or AA violation axe can find on the page as it stands. */
export async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Opens a portal panel from the side navigation, through the 'Menu' drawer on phones. */
export async function openSection(page: Page, name: string, heading: string | RegExp = name) {
  // The portal draws its header once the session is read: before, neither the menu nor the links are there.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
export async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}
