import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures/test';
import { seedBlogPosts } from '../../server/db/seed/data/blog-posts';
import { FIXTURE_POST_SLUGS } from './fixtures/seed-fixtures';
import { open } from './helpers';

const newestFirst = [...seedBlogPosts].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
const newest = newestFirst[0]!;
const firstSection = (content: string) => /^## (.+)$/m.exec(content)![1]!;
const bySlug = (slug: string) => seedBlogPosts.find((p) => p.slug === slug)!;
// Both projects share one server; each view-count test reads a post no other test opens.
const countedPost = {
  desktop: bySlug('building-a-home-or-camp-in-sullivan-county'),
  phone: bySlug('how-to-choose-a-contractor-in-pennsylvania'),
};
const tablePost = bySlug('endless-mountains-building-calendar');

function watchForHydrationProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return () => problems.filter((p) => /hydrat|did not match|mismatch/i.test(p));
}

test.describe('blog', () => {
  test('from the home page to a post and back', async ({ page }) => {
    const hydrationProblems = watchForHydrationProblems(page);
    await open(page, '/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) {
      await menu.click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Blog' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    }
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sullivan County Home Building Blog' })).toBeVisible();
    await expect(page).toHaveTitle('Sullivan County Home Building Blog | Sullivan County Contractors');

    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: newest.title }) });
    await expect(card).toContainText(/\d+ min read/);
    await expect(card).toContainText(`By ${newest.author}`);
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await card.getByRole('link', { name: 'Read Full Article' }).click();

    await expect(page).toHaveURL(new RegExp(`/blog/${newest.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: newest.title })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Blog']);
    await expect(crumbs).toContainText(newest.title);
    await expect(
      page.getByRole('article').getByRole('heading', { level: 2, name: firstSection(newest.content) }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find Contractors' })).toHaveAttribute('href', '/browse');
    await expect(page).toHaveTitle(`${newest.title} | Sullivan County Contractors`);

    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sullivan County Home Building Blog' })).toBeVisible();
    expect(hydrationProblems()).toEqual([]);
  });

  test('a server-rendered post hydrates without a second view', async ({ page, request }, testInfo) => {
    const post = countedPost[testInfo.project.name as keyof typeof countedPost];
    const hydrationProblems = watchForHydrationProblems(page);
    const before = (await (await request.get(`/api/blog/${post.slug}`)).json()).viewCount as number;
    await open(page, `/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page.getByRole('article')).toContainText(`${before + 1} views`);
    // No loading flash either: the article is there on first paint, not a skeleton.
    await expect(page.getByRole('status', { name: 'Loading blog post' })).toHaveCount(0);
    const after = (await (await request.get(`/api/blog/${post.slug}`)).json()).viewCount as number;
    expect(after).toBe(before + 2);
    expect(hydrationProblems()).toEqual([]);
  });

  test('a missing post shows Blog Post Not Found with status 404', async ({ page }) => {
    const res = await open(page, '/blog/no-such-post');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sullivan County Home Building Blog' })).toBeVisible();
  });

  test('a malformed post address is a 404 too', async ({ request }) => {
    const res = await request.get('/blog/%3Cscript%3E');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('Blog Post Not Found');
  });

  test('the post page is rendered on the server with its head tags and no script in the article', async ({
    request,
  }) => {
    const res = await request.get(`/blog/${tablePost.slug}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title data-head>${tablePost.title} | Sullivan County Contractors</title>`);
    expect(html).toMatch(/<meta property="og:type" content="article"/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/blog/${tablePost.slug}"`));
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    expect(ld.find((x) => x['@type'] === 'BlogPosting')).toMatchObject({
      headline: tablePost.title,
      description: tablePost.metaDescription,
      author: { '@type': 'Person', name: tablePost.author },
    });
    const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
    expect(article).toContain(firstSection(tablePost.content));
    expect(article).toContain('<table');
    expect(article).not.toMatch(/<script/i);
  });
});

test('the blog pages have no accessibility violations', async ({ page }) => {
  for (const url of ['/blog', `/blog/${tablePost.slug}`, '/blog/no-such-post']) {
    await open(page, url);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(violations.map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test.describe('blog without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list and a post are readable', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Sullivan County Home Building Blog' })).toBeVisible();
    // The seeded posts plus the markup fixture post of tests/e2e/fixtures.
    await expect(page.getByRole('link', { name: 'Read Full Article' })).toHaveCount(
      seedBlogPosts.length + FIXTURE_POST_SLUGS.length,
    );

    await page.goto(`/blog/${tablePost.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: tablePost.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: firstSection(tablePost.content) })).toBeVisible();
    await expect(page.getByRole('article')).toContainText(
      'the building season in the Endless Mountains is shorter than the calendar suggests',
    );
    await expect(page.getByRole('columnheader', { name: 'Season' })).toBeVisible();
  });
});
