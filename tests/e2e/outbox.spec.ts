import { expect, test } from './fixtures/test';
import {
  FAILED_MESSAGE_ERROR,
  FAILED_TEXT_ERROR,
  failedMessageSubject,
  failedTextLine,
} from './fixtures/seed-fixtures';
import { open } from './helpers';
import { signInAdmin } from './fixtures/admin';

// The admin outbox shows where each email stands and sends a failed one again (docs/decisions/0009-email.md,
// docs/decisions/0088-email-retries.md). The browser tests' server has no SMTP_URL, so a message sent again
// is delivered to the outbox: 'Kept'.

test('a failed email is listed under Failed with its last error, and Send again queues it; it ends up kept', async ({
  page,
}, testInfo) => {
  await signInAdmin(page.request);
  await open(page, '/admin/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await page.getByRole('tab', { name: 'Failed' }).click();
  const item = page.getByTestId('outbox-item').filter({ hasText: failedMessageSubject(testInfo.project.name) });
  await expect(item.getByTestId('outbox-status')).toHaveText('Failed');

  await item.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('outbox-message-status')).toHaveText('Failed, 11 attempts');
  await expect(dialog.getByTestId('outbox-message-error')).toHaveText(FAILED_MESSAGE_ERROR);
  await dialog.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Queued again' })).toBeVisible();
  // The send-email job finds no mail server configured: the outbox is where it is delivered.
  await expect(dialog.getByTestId('outbox-message-status')).toHaveText('Kept (no mail server is configured)', {
    timeout: 15_000,
  });
  await expect(dialog.getByRole('button', { name: 'Send again' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('tab', { name: 'Kept' }).click();
  // A message keeps its place by date, newest first: the other tests' mail since the server started
  // (two messages a quote request) may have moved it several pages on, as an administrator would page to it.
  await expect(page.getByTestId('outbox-item').first().getByTestId('outbox-status')).toHaveText('Kept');
  const kept = page.getByTestId('outbox-item').filter({ hasText: failedMessageSubject(testInfo.project.name) });
  const pager = page.getByRole('navigation', { name: 'Message pages' });
  for (let shown = 1; shown < 100 && (await kept.count()) === 0; shown++) {
    await pager.getByRole('button', { name: 'Next' }).click();
    // The page's number changes with its answer, so the next count reads the new page.
    await expect(pager.getByText(`Page ${shown + 1} of`)).toBeVisible();
  }
  await expect(kept.getByTestId('outbox-status')).toHaveText('Kept');
});

test('a text is listed beside the emails with its mark; sent again without Twilio, it is kept', async ({
  page,
}, testInfo) => {
  await signInAdmin(page.request);
  await open(page, '/admin/outbox');
  // The browser tests' server is not production: no notice that texts are not sent.
  await expect(page.getByTestId('texts-not-sent')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Failed' }).click();
  const item = page.getByTestId('outbox-item').filter({ hasText: failedTextLine(testInfo.project.name) });
  await expect(item.getByTestId('outbox-channel')).toHaveText('Text');
  await expect(item).toContainText('To +15705550142');
  // Emails carry no mark.
  await expect(
    page
      .getByTestId('outbox-item')
      .filter({ hasText: failedMessageSubject(testInfo.project.name) })
      .getByTestId('outbox-channel'),
  ).toHaveCount(0);

  await item.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Text message' })).toBeVisible();
  await expect(dialog.getByTestId('outbox-message-error')).toHaveText(FAILED_TEXT_ERROR);
  await expect(dialog.getByTestId('outbox-message-text')).toContainText('Reply STOP to stop these texts.');
  await dialog.getByRole('button', { name: 'Send again' }).click();
  // The send-text job finds no Twilio configured: the text stays in the outbox.
  await expect(dialog.getByTestId('outbox-message-status')).toHaveText('Kept (Twilio is not configured)', {
    timeout: 15_000,
  });
});
