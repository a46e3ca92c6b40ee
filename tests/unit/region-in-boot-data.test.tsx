import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '@shared/deep-freeze';
import { region, type Region } from '@shared/region';
import type { ContractorPage } from '@shared/schemas/directory';
import { parseBoot, regionFromBoot, regionToBoot, serializeBoot } from '@/boot';
import { renderPage, type RenderOptions } from '@/entry-server';
import { PageCache } from '../../server/render/page-cache';
import { directoryData } from '../support/render-data';
import { sussexCountyNj } from '../support/regions/sussex-county-nj';

/**
 * The browser's county comes in the page's boot data, never from a module compiled into the bundle
 * (docs/decisions/0102-region-in-boot-data.md): the server renders a page with the request's county
 * and writes that county into the page; no client module, nor a shared module the client loads (at
 * once or on first use), imports the `region` value of shared/region.ts, and ESLint refuses it.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT = join(ROOT, 'client', 'src');
const SHARED = join(ROOT, 'shared');
const REGION_MODULE = join(SHARED, 'region.ts');
/** The county values of shared/region.ts; its types and ALL are free to import. */
const COUNTY_VALUES = new Set(['region', 'sullivanCounty']);

const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';
/** A second county, as regionOf builds one from its rows: its own slug, name, towns and rules. */
const sussex: Region = { ...sussexCountyNj, slug: 'sussex' };
const empty = deepFreeze<ContractorPage>({
  contractors: [],
  total: 0,
  totalAll: 0,
  unverifiedMatches: 0,
  page: 1,
  pageSize: 6,
});

const options = (r: Region, pages?: PageCache): RenderOptions => ({
  config: { siteUrl: 'http://localhost:3000', payments: { provider: 'demo', publishableKey: null } },
  region: r,
  resolve: directoryData(async () => empty).resolve,
  // One memo for both counties: the page memo itself tells them apart (besides the page cache keeping each county's apart).
  pages: pages?.renderedFor('one-memo'),
});

const bootText = (html: string) => /<script id="__BOOT__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!;

describe("the page's county", () => {
  it("renders the home page with the county it is given, and writes that county into the page's boot data", async () => {
    const { html } = await renderPage('/', template, options(sussex));
    const body = html.slice(0, html.indexOf('<script id="__BOOT__"'));
    expect(body).toContain('Sussex County Contractors');
    expect(body).toContain('Find Trusted Building Contractors in Sussex County, NJ');
    expect(body).not.toContain(region.county);
    const boot = parseBoot(bootText(html));
    expect(boot.region).toEqual(sussex);
    expect(boot.region.credentials.registration.pattern).toBeInstanceOf(RegExp);
    expect(boot.region.credentials.registration.pattern.test(sussex.credentials.registration.example)).toBe(true);
    expect(boot.config.siteUrl).toBe('http://localhost:3000');
  });

  it("renders the search page's selectors from the county's towns, and reads the address against them", async () => {
    const { html } = await renderPage('/search?location=newton', template, options(sussex));
    expect(html).toContain('<option value="sparta">Sparta Township</option>');
    expect(html).not.toContain('Laporte Borough');
    // Newton is a town of this county: the search is for it, not an unrecognized filter.
    expect(html).toContain('Newton Town');
    expect(html).not.toContain('Atlantis');
  });

  it('renders admin and portal shells with the county too: their pages read it from the boot data', async () => {
    const { html } = await renderPage('/admin/leads', template, options(sussex));
    expect(html).toContain('<title data-head>Sussex County Contractors</title>');
    expect(parseBoot(bootText(html)).region.slug).toBe('sussex');
  });

  it("never answers one county's page from the memo for another", async () => {
    const pages = new PageCache();
    const first = await renderPage('/blog-less-probe', template, options(region, pages));
    const second = await renderPage('/blog-less-probe', template, options(sussex, pages));
    expect(first.html).toContain(region.siteTitle);
    expect(second.html).toContain('Sussex County Contractors');
    expect(second.html).not.toContain(region.siteTitle);
    // The same county again is answered from the memo: the same document.
    expect((await renderPage('/blog-less-probe', template, options(sussex, pages))).html).toBe(second.html);
  });

  it("carries the county as JSON and back unchanged, its registration pattern included, with '<' escaped", () => {
    expect(regionFromBoot(JSON.parse(JSON.stringify(regionToBoot(region))))).toEqual(region);
    const hostile: Region = { ...sussex, tagline: '</script><script>alert(1)</script>' };
    const text = serializeBoot({
      config: { siteUrl: '', payments: { provider: 'demo', publishableKey: null } },
      region: hostile,
      queries: null,
    });
    expect(text).not.toContain('<');
    expect(parseBoot(text).region.tagline).toBe(hostile.tagline);
  });
});

// ---- No county compiled into the browser's code.

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A module specifier as a file: the client's and shared aliases and relative paths; packages are null. */
function resolveSpecifier(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? join(CLIENT, spec.slice(2))
    : spec.startsWith('@shared/')
      ? join(SHARED, spec.slice(8))
      : spec.startsWith('.')
        ? resolve(dirname(from), spec)
        : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return null;
}

interface ModuleImports {
  /** Modules imported for their values (type-only imports left out). */
  statics: string[];
  /** Modules loaded on first use, `import('...')`. */
  dynamics: string[];
  /** County values this module imports from shared/region.ts. */
  countyValues: string[];
}

function importsOf(file: string): ModuleImports {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: ModuleImports = { statics: [], dynamics: [], countyValues: [] };
  const valueNames = (clause: ts.ImportClause | undefined): string[] | 'namespace' => {
    if (!clause || clause.isTypeOnly) return [];
    const names: string[] = clause.name ? ['default'] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) return 'namespace';
    if (bindings) for (const el of bindings.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
    return names;
  };
  for (const statement of source.statements) {
    let spec: string | null = null;
    let names: string[] | 'namespace' = [];
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      spec = statement.moduleSpecifier.text;
      names = statement.importClause ? valueNames(statement.importClause) : ['(side effects)'];
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      !statement.isTypeOnly
    ) {
      spec = statement.moduleSpecifier.text;
      const clause = statement.exportClause;
      names =
        !clause || ts.isNamespaceExport(clause)
          ? 'namespace'
          : clause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
    }
    if (spec === null) continue;
    const target = resolveSpecifier(file, spec);
    if (!target || (names !== 'namespace' && names.length === 0)) continue;
    found.statics.push(target);
    if (target === REGION_MODULE)
      found.countyValues.push(
        ...(names === 'namespace' ? ['* (every county value)'] : names.filter((n) => COUNTY_VALUES.has(n))),
      );
  }
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const target = resolveSpecifier(file, node.arguments[0].text);
      if (target) found.dynamics.push(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every module the client's code imports, at once or on first use, following shared/ modules too, with what each imports. */
function clientClosure(): Map<string, ModuleImports> {
  const seen = new Map<string, ModuleImports>();
  const queue = sources(CLIENT);
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const imports = importsOf(file);
    seen.set(file, imports);
    queue.push(...[...imports.statics, ...imports.dynamics].filter((f) => !seen.has(f)));
  }
  return seen;
}

const rel = (file: string) => relative(ROOT, file).split('\\').join('/');

describe("the browser's code", () => {
  const closure = clientClosure();

  it('reaches shared modules and finds the imports it looks for (the check below is not vacuous)', () => {
    expect(closure.has(join(SHARED, 'taxonomy.ts'))).toBe(true);
    // The form schemas loaded when a form is sent are followed too.
    expect(closure.has(join(SHARED, 'schemas', 'leads.ts'))).toBe(true);
    expect(importsOf(join(ROOT, 'server', 'counties', 'region-of.ts')).countyValues).toEqual(['region']);
    expect(importsOf(join(ROOT, 'tests', 'support', 'regions', 'sussex-county-nj.ts')).countyValues).toEqual([
      'sullivanCounty',
    ]);
    // A type-only import of the module is not a county value.
    expect(importsOf(join(CLIENT, 'boot.ts')).countyValues).toEqual([]);
  });

  it('imports no county value of shared/region.ts, in a client module or in a shared module the client loads', () => {
    const found = [...closure].flatMap(([file, imports]) =>
      imports.countyValues.map((name) => `${rel(file)}: ${name}`),
    );
    expect(found).toEqual([]);
    // Nor does the client load shared/region.ts itself at run time (it would bring the default county's data).
    expect(
      [...closure]
        .filter(([, imports]) => imports.statics.includes(REGION_MODULE) || imports.dynamics.includes(REGION_MODULE))
        .map(([file]) => rel(file)),
    ).toEqual([]);
  });

  it('is held to it by ESLint: importing the county value under client/src is an error, its type is not', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const lint = async (code: string) =>
      (await eslint.lintText(code, { filePath: join(CLIENT, 'features', 'home', 'probe.tsx') }))[0]!.messages.filter(
        (m) => m.ruleId === 'no-restricted-imports',
      );
    expect(
      await lint("import { region } from '@shared/region';\nexport const title = region.siteTitle;\n"),
    ).toHaveLength(1);
    expect(
      await lint("import { sullivanCounty } from '../../../../shared/region';\nexport const c = sullivanCounty;\n"),
    ).toHaveLength(1);
    expect(
      await lint("import type { Region } from '@shared/region';\nexport const f = (r: Region) => r.siteTitle;\n"),
    ).toEqual([]);
  }, 30_000);
});
