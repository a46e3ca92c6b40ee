import { expect, test } from './fixtures/test';

// The fixture in ./fixtures/test.ts turns any console error into a failure; these prove it does.
test.describe('console errors fail a browser test', () => {
  test('an error logged by the page fails the test', async ({ page }) => {
    test.fail(true, 'the console-error fixture must fail this test');
    await page.goto('/');
    await page.evaluate(() => console.error('Warning: Text content did not match. Server: "a" Client: "b"'));
  });

  test('an uncaught exception fails the test', async ({ page }) => {
    test.fail(true, 'the console-error fixture must fail this test');
    await page.goto('/');
    // Thrown from a timer, so nothing catches it; the test goes on once the page has reported it.
    const reported = page.waitForEvent('pageerror');
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('boom');
      }),
    );
    await reported;
  });

  test.describe('a message the test expects', () => {
    test.use({ allowedConsoleErrors: [/expected by this test/] });
    test('is allowed when listed', async ({ page }) => {
      await page.goto('/');
      await page.evaluate(() => console.error('expected by this test'));
      await expect(page.locator('body')).toBeVisible();
    });
  });
});
