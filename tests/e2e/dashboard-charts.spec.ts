import { expect, test, type Locator, type Page } from './fixtures/test';
import { approvedBusiness } from './fixtures/approved-business';
import { signInAdmin } from './fixtures/admin';
import { deliveredLead } from './fixtures/leads';
import { holdClock, releaseClock } from './fixtures/test-clock';
import { expectNoAxeViolations, open } from './helpers';

/**
 * The dashboard's charts (issue 36; docs/decisions/0129-dashboard-charts.md): a request delivered
 * this week shows in the weekly chart, and what is drawn, the caption and the table all say the
 * same figures. The desktop and phone projects share the server, so each compares what its one
 * page load shows rather than counting on totals.
 */

function chartTitled(page: Page, title: string): Locator {
  return page.getByTestId('chart').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** The chart's table, opened as a reader would; answers its rows' cells. */
async function tableOf(chart: Locator): Promise<string[][]> {
  await chart.locator('summary').click();
  const rows = chart.getByTestId('chart-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')));
}

/** What is drawn for a label: each series' value. */
async function drawn(chart: Locator, label: string): Promise<Record<string, number>> {
  const marks = chart.locator(`[data-label="${label}"]`);
  await expect(marks.first()).toBeAttached();
  const pairs = await marks.evaluateAll((els) =>
    els.map((el) => [el.getAttribute('data-series')!, Number(el.getAttribute('data-value'))] as const),
  );
  return Object.fromEntries(pairs);
}

test('the charts draw the figures their words and tables give', async ({ page }) => {
  test.slow();
  // The weeks are the clock's: held on the real one, as the request is made on it.
  const hold = await holdClock(page.request);
  try {
    await signInAdmin(page.request);
    const c = await approvedBusiness(page.request, 'Chart Ridge Builders', { emailPrefix: 'charts' });
    await deliveredLead(page.request, c.id);

    await open(page, '/admin');
    await expect(page.getByRole('heading', { level: 2, name: 'Trends' })).toBeVisible();

    // Quote requests per week: this week's row, its bars and the caption agree, and hold the delivered request.
    const weekly = chartTitled(page, 'Quote requests per week');
    await expect(weekly.locator('svg rect[data-series]').first()).toBeAttached();
    const weeks = await tableOf(weekly);
    expect(weeks).toHaveLength(26);
    const [label, delivered, held, released, rejected, withdrawn, total] = weeks.at(-1)!;
    expect(Number(delivered)).toBeGreaterThanOrEqual(1);
    expect(await drawn(weekly, label!)).toEqual({
      delivered: Number(delivered),
      held: Number(held),
      released: Number(released),
      rejected: Number(rejected),
      withdrawn: Number(withdrawn),
    });
    expect(Number(delivered) + Number(held) + Number(released) + Number(rejected) + Number(withdrawn)).toBe(
      Number(total),
    );
    await expect(weekly.getByTestId('chart-caption')).toContainText(`${total} so far this week`);
    const lastWeek = weeks.at(-2)!;
    const [lastWeekLabel, lastWeekTotal] = [lastWeek[0], lastWeek.at(-1)];
    await expect(weekly.getByTestId('chart-caption')).toContainText(
      `${lastWeekTotal} quote request${lastWeekTotal === '1' ? '' : 's'} in the week of ${lastWeekLabel}`,
    );

    // The funnel: this month's requests and deliveries, drawn and said.
    const funnel = chartTitled(page, 'From request to job, this month and last');
    const stages = await tableOf(funnel);
    const requested = stages.find((r) => r[0] === 'Requested')!;
    expect(Number(requested[2])).toBeGreaterThanOrEqual(1);
    expect(await drawn(funnel, 'Requested')).toEqual({ last: Number(requested[1]), current: Number(requested[2]) });
    await expect(funnel.getByTestId('chart-caption')).toContainText(`so far: ${requested[2]} requested`);

    // The delivery's time is drawn for this week.
    const speed = chartTitled(page, 'Median time to delivery and to first reply, per week');
    const speeds = await tableOf(speed);
    expect(speeds.at(-1)![1]).not.toBe('—');
    expect(Object.keys(await drawn(speed, label!))).toContain('toDelivery');
    await expectNoAxeViolations(page);
  } finally {
    await releaseClock(page.request, hold);
  }
});
