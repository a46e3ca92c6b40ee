import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What is done one way stays done one way: each rule names the one file that may hold a pattern,
 * and fails on a second place that writes it again.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The files of `dirs` whose text matches `pattern`, as paths from the repository's root. */
function filesMatching(pattern: RegExp, dirs: string[] = ['server']): string[] {
  return dirs
    .flatMap(sources)
    .filter((f) => pattern.test(readFileSync(join(ROOT, f), 'utf8')))
    .map((f) => relative(ROOT, join(ROOT, f)));
}

describe('one way for each thing', () => {
  it('errors: code throws domain errors; only the error middleware makes an HTTP answer', () => {
    expect(filesMatching(/new ErrorAnswer\(/)).toEqual(['server/http/error-middleware.ts']);
    expect(filesMatching(/\bHttpError\b|http\/errors'/, ['server', 'tests', 'bench', 'scripts'])).toEqual([]);
  });

  it('list filters: a GET reads its query with parseQuery and a shared schema only', () => {
    for (const f of filesMatching(/req\.query\b/).filter((f) => f !== 'server/http/query-routes.ts')) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      expect(text.replace(/parseQuery\(\w+, req\.query\)/g, ''), `${f} reads req.query another way`).not.toMatch(
        /req\.query\b/,
      );
      for (const [, schema] of text.matchAll(/parseQuery\((\w+), req\.query\)/g)) {
        expect(text, `${f}: ${schema} comes from shared/schemas`).toMatch(
          new RegExp(`import \\{[^}]*\\b${schema}\\b[^}]*\\} from '@shared/schemas/`),
        );
      }
    }
  });

  it("who receives a contractor's email: contractorEmail alone picks the account's address or the listing's", () => {
    expect(
      filesMatching(/accountEmail \?\?|listingEmail|\?\? \w+\.accountEmail|coalesce\(\$\{contractorAccounts\.email\}/),
    ).toEqual(['server/contractors/contractor-email.ts']);
  });

  it("a county's id from its slug: countyIdOfSlug alone writes the subquery", () => {
    expect(filesMatching(/select \$\{regions\.id\} from \$\{regions\} where \$\{regions\.slug\}/)).toEqual([
      'server/counties/county-id.ts',
    ]);
  });

  it("the contractor portal's guard: requireContractor(ctx) from server/http/auth.ts, used as it is", () => {
    expect(filesMatching(/\b(const|let) \w+ = requireContractor\(|requireActiveContractor/)).toEqual([]);
    expect(filesMatching(/export function requireContractor\(/)).toEqual(['server/http/auth.ts']);
  });

  it('a session is saved by saveSession (server/http/session.ts) alone', () => {
    expect(filesMatching(/session\.save\(/)).toEqual(['server/http/session.ts']);
  });

  it("time: SQL's now() only where the database's clock is meant, and each of those says why", () => {
    const files = filesMatching(/(^|[^.\w])now\(\)(?!:)/m);
    expect(files.sort()).toEqual([
      'server/accounts/sessions.ts',
      'server/clock.ts',
      'server/http/rate-limit-store.ts',
      'server/http/session-store.ts',
    ]);
    for (const f of files) expect(readFileSync(join(ROOT, f), 'utf8'), f).toMatch(/database's (clock|now\(\))/);
  });
});
