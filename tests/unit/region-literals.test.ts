import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { region } from '@shared/region';

/**
 * Every county-specific word of the client comes from the region object
 * (docs/decisions/0001-region-data.md): a later deployment serves several counties, each its own
 * region, so a literal 'Sullivan County' in a component would show on another county's pages.
 * Comments may name examples.
 */
const CLIENT = fileURLToPath(new URL('../../client/src', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The server's code that words pages, emails and dates: every domain and the infrastructure that speaks (not the seed's sample data). */
const SERVER = [
  ...JSON.parse(readFileSync(join(ROOT, 'server/domains.json'), 'utf8')).domains,
  'jobs',
  'routes',
  'http',
  'render',
  'directory',
  'integrations',
].map((d: string) => join(ROOT, 'server', d));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(e.name) ? [path] : [];
  });
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

const WORDS = [
  region.county,
  region.timeZone,
  region.stateName,
  region.displayName,
  region.siteTitle,
  region.shortTitle,
  region.supportEmail,
  region.allLocationsLabel,
  ...region.towns.map((t) => t.name),
];

describe('county-specific words in the client', () => {
  it('are read from the region object, never written as literals', () => {
    const found = sources(CLIENT).flatMap((file) => {
      const code = withoutComments(readFileSync(file, 'utf8'));
      return WORDS.filter((w) => code.includes(w)).map((w) => `${file.slice(CLIENT.length + 1)}: '${w}'`);
    });
    expect(found).toEqual([]);
  });

  it("are read from the region object in the server's services, jobs, routes and rendering too", () => {
    const found = SERVER.flatMap(sources).flatMap((file) => {
      const code = withoutComments(readFileSync(file, 'utf8'));
      return [region.county, region.timeZone, region.siteTitle]
        .filter((w) => code.includes(w))
        .map((w) => `${file.slice(ROOT.length)}: '${w}'`);
    });
    expect(found).toEqual([]);
  });

  it('finds such a literal when there is one', () => {
    expect(withoutComments(`const a = 'x'; // ${region.county}\nconst b = '${region.county}';`)).toContain(
      region.county,
    );
    expect(withoutComments(`/** ${region.county} */ const a = 1;`)).not.toContain(region.county);
  });
});
