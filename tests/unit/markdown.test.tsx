import { describe, expect, it } from 'vitest';
import { renderMarkdown as html } from '../../server/content/markdown';

describe('blog markdown', async () => {
  it('never turns raw HTML into elements', async () => {
    const out = await html(
      'Hello <script>alert(1)</script> <img src=x onerror="alert(1)">\n\n<div onclick="x()">block</div>\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(out).not.toMatch(/<script|<img|<iframe|<div onclick|onerror|onclick/i);
    expect(out).toContain('Hello');
  });

  it('does not make javascript: links clickable', async () => {
    const out = await html(
      '[click](javascript:alert(1)) and [also](JaVaScRiPt:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=)',
    );
    expect(out).not.toMatch(/javascript:|data:/i);
    expect(out).not.toContain('<a');
    expect(out).toContain('click');
  });

  it('keeps site links and external links, styled', async () => {
    const out = await html('[Browse](/browse) and [PA](https://www.attorneygeneral.gov/)');
    expect(out).toMatch(/<a [^>]*href="\/browse"/);
    expect(out).toMatch(/<a [^>]*href="https:\/\/www.attorneygeneral.gov\/"[^>]*rel="noopener noreferrer"/);
    expect(out).toContain('text-primary');
  });

  it('renders a heading 1 as h2 so the page keeps one h1', async () => {
    expect(await html('# Title\n\n## Section')).toMatch(/^<h2[^>]*>Title<\/h2>\s*<h2[^>]*>Section<\/h2>/);
  });

  it('renders pipe tables as tables and leaves other pipes alone', async () => {
    const out = await html('| Season | Good for |\n| --- | :---: |\n| Winter | Design |\n| Spring |');
    expect(out).toContain('<table');
    expect(out).toMatch(/<th[^>]*>Season<\/th>/);
    expect(out).toMatch(/<td[^>]*>Winter<\/td>/);
    expect((out.match(/<tr/g) ?? []).length).toBe(3);
    expect(await html('a | b\nc | d')).not.toContain('<table');
  });
});
