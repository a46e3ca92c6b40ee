import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { freshReviewLink } from './fixtures/review-link';
import { expect, test } from './fixtures/test';

/**
 * The W3C Nu HTML checker over the server-rendered HTML of every public page (the HTML a
 * browser without JavaScript, a crawler or a screen reader gets first). All pages go through one
 * checker run: one JVM start.
 */
const VNU_JAR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('every public page is valid HTML (Nu checker: no errors, no warnings)', async ({ request }, testInfo) => {
  test.setTimeout(90_000);
  const first = await (await request.get('/api/contractors?sort=name&pageSize=1')).json();
  const posts = await (await request.get('/api/blog')).json();
  // A homeowner's open review form needs a real follow-up link (docs/decisions/0051-review-links.md).
  const review = await freshReviewLink(request, {
    contractorName: 'Endless Mountains Roofing',
    name: 'Vera Valid',
    email: `vera.${testInfo.project.name}@example.com`,
  });
  const pages = [
    '/',
    '/search',
    '/search?service=kitchen-bath&location=laporte',
    // The filters as a browser without JavaScript sends them (docs/decisions/0022-pages-without-javascript.md).
    '/search?service=&location=&sort=name&view=list&rating=4&licensed=false',
    '/search?service=kitchen-bath&location=&sort=reviews&rating=5&rating=3&licensed=false&licensed=true',
    '/search?service=electrical&location=forksville',
    '/browse',
    '/browse?view=list&sort=name',
    '/browse?page=2',
    '/browse?service=electrical&service=hvac&location=&sort=name&view=list',
    '/browse?service=electrical&location=forksville&rating=5',
    // An old link: a past-the-end page and unknown filter values, named on the page.
    '/browse?page=99',
    '/search?service=Underwater&location=Atlantis&page=9',
    `/contractor/${first.contractors[0].id}`,
    '/contractor/999999',
    // Service pages (docs/decisions/0030-service-pages.md): a town, the county, a page past the end, an empty combination.
    '/contractors/general-contracting/laporte',
    '/contractors/general-contracting',
    '/contractors/general-contracting?page=99',
    '/contractors/electrical/forksville',
    // The quote form without JavaScript, and its page once sent (docs/decisions/0023-forms-without-javascript.md).
    `/contractor/${first.contractors[0].id}/quote`,
    `/contractor/${first.contractors[0].id}/quote?sent=1`,
    '/contractor/999999/quote',
    '/?newsletter=subscribed',
    '/submit-business?submitted=1',
    '/gallery',
    '/gallery?service=roofing&town=all',
    '/blog',
    `/blog/${posts[0].slug}`,
    '/submit-business',
    '/contractor-pricing',
    '/no-such-page',
    '/admin/login',
    '/contractor/login',
    '/contractor/forgot-password',
    '/contractor/forgot-password?sent=1',
    '/contractor/reset-password?token=not-a-real-token',
    '/contractor/reset-password?done=1',
    '/contractor/confirm-email?token=not-a-real-token',
    '/newsletter/unsubscribe?token=not-a-real-token',
    // Reviews: the form, a link that is not ours, the policy, a profile's later page of reviews.
    review.path,
    '/review/12.abc.not-a-real-signature00',
    '/review-policy',
    `/contractor/${review.contractorId}?page=2`,
  ];
  // Forms sent without JavaScript and refused: their pages with the field errors and the values typed.
  const posted: [string, Record<string, string>][] = [
    [
      `/contractor/${first.contractors[0].id}/quote`,
      {
        name: 'N',
        email: 'not-an-email',
        phone: '',
        serviceNeeded: '',
        location: '',
        projectDetails: 'Roof',
        budgetRange: 'Over $100,000',
        companyFax: '',
      },
    ],
    ['/', { email: 'not-an-email', companyFax: '' }],
    ['/contractor/forgot-password', { email: 'not-an-email' }],
    ['/contractor/reset-password', { token: 'not-a-real-token', password: 'short', confirmPassword: 'short' }],
    [
      '/submit-business',
      { name: 'Valid Builders', yearsInBusiness: 'many', email: 'x', zip: '1', website: 'not a site', companyFax: '' },
    ],
  ];
  const files = new Map<string, string>();
  const keep = async (label: string, res: Awaited<ReturnType<typeof request.get>>) => {
    expect(res.headers()['content-type'], label).toContain('text/html');
    const file = testInfo.outputPath(`page-${files.size}.html`);
    writeFileSync(file, await res.text());
    files.set(path.basename(file), label);
  };
  for (const url of pages) await keep(url, await request.get(url));
  for (const [url, form] of posted) {
    const res = await request.post(url, { form });
    expect(res.status(), `POST ${url}`).toBe(400);
    await keep(`POST ${url}`, res);
  }
  // A control document with a known error proves the checker runs and reports (the profile's old breadcrumb).
  const control = testInfo.outputPath('control.html');
  writeFileSync(
    control,
    '<!doctype html><html lang="en"><head><title>c</title></head><body><ol><li>a</li><svg></svg></ol></body></html>',
  );

  // vnu exits 1 when it reports errors; the JSON report on stdout is what counts.
  const run = await promisify(execFile)(
    'java',
    ['-jar', VNU_JAR, '--format', 'json', '--stdout', control, ...[...files.keys()].map((f) => testInfo.outputPath(f))],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((err: { stdout?: string; stderr?: string; code?: number }) => {
    if (!err.stdout) throw new Error(`vnu did not run (exit ${err.code}): ${err.stderr}`);
    return { stdout: err.stdout, stderr: err.stderr ?? '' };
  });
  const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
  // Plain 'info' messages (no 'warning' subtype) are notes, not findings: e.g. 'Trailing slash on
  // void elements has no effect', which is how React writes <input/> and <meta/>.
  // The stylesheet is written into each page (docs/decisions/0071-slow-networks.md). The checker's
  // CSS validator predates what Tailwind 4 writes (@property, margin-trim...): its 'CSS:' messages
  // are about the stylesheet, not the HTML, which is what this test checks (as when the stylesheet
  // was a file).
  const findings = messages.filter(
    (m) => (m.type !== 'info' || m.subType === 'warning') && !m.message.startsWith('CSS:'),
  );
  const isControl = (m: VnuMessage) => path.basename(m.url ?? '') === 'control.html';
  expect(findings.filter(isControl).map((m) => m.message)).toContain(
    'Element “svg” not allowed as child of element “ol” in this context. (Suppressing further errors from this subtree.)',
  );
  const report = findings
    .filter((m) => !isControl(m))
    .map(
      (m) =>
        `${files.get(path.basename(m.url ?? '')) ?? m.url} line ${m.lastLine}: [${m.subType ?? m.type}] ${m.message}${m.extract ? `\n    ${m.extract.trim()}` : ''}`,
    );
  expect(report).toEqual([]);
});
