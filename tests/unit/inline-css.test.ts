import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../../server/render/inline-css';

/** The built template's stylesheet is written into the page, so the first paint waits for no other file (docs/decisions/0071-slow-networks.md). */
describe('inlineStylesheets', () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'inline-css-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'index-abc.css'), '.a{color:red}.b{background:url(/assets/x-1.svg)}');
  writeFileSync(path.join(clientDir, 'assets', 'odd-1.css'), '.a::after{content:"</style>"}');
  const template = (href: string) =>
    `<head><script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="stylesheet" crossorigin href="${href}">\n<!--app-head--></head>`;

  it('replaces the stylesheet link by its rules, and keeps the rest of the template', () => {
    const out = inlineStylesheets(template('/assets/index-abc.css'), clientDir);
    expect(out).toBe(
      '<head><script type="module" crossorigin src="/assets/index-1.js"></script>\n<style>.a{color:red}.b{background:url(/assets/x-1.svg)}</style>\n<!--app-head--></head>',
    );
  });

  it('keeps a stylesheet that would end the style element as a link', () => {
    const out = inlineStylesheets(template('/assets/odd-1.css'), clientDir);
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/odd-1.css">');
    expect(out).not.toContain('<style>');
  });
});
