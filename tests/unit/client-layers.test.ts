import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The client's layers go one way down (docs/decisions/0120-client-layers.md): the app shell uses
 * features; features use components, lib and shared, and another feature only through its
 * index.ts; components and lib use neither features nor the app. ESLint's zones
 * (import-x/no-restricted-paths in eslint.config.js) hold the code to it: each probe below is
 * linted as if it were a file at the given place.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT = join(ROOT, 'client', 'src');
const eslint = new ESLint({ cwd: ROOT });

/** The layer messages ESLint gives `code` as the file `at` (a path under client/src). */
async function layerErrors(at: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(CLIENT, at) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// The first lint loads the configuration and its plugins: seconds on a busy two-core machine.
const LINT_TIMEOUT = 60_000;

describe('client layers (lint)', { timeout: LINT_TIMEOUT }, () => {
  it('refuses a feature importing the app shell', async () => {
    const errors = await layerErrors(
      'features/home/probe.tsx',
      "import { routes } from '@/app/routes';\nexport const n = routes.length;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Features never import the app shell/);
    expect(
      await layerErrors('features/admin/probe.ts', "import { App } from '../../app/App';\nexport const a = App;\n"),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'features/admin/probe.ts',
        "import { renderPage } from '@/entry-server';\nexport const r = renderPage;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses components and lib importing a feature or the app', async () => {
    expect(
      await layerErrors(
        'components/probe.tsx',
        "import { NotFoundPage } from '@/features/not-found';\nexport const p = NotFoundPage;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors('lib/probe.ts', "import { routes } from '@/app/routes';\nexport const n = routes.length;\n"),
    ).toHaveLength(1);
    expect(
      await layerErrors('lib/probe.ts', "import { parseBoot } from '@/boot';\nexport const p = parseBoot;\n"),
    ).toHaveLength(1);
  });

  it("refuses a feature reaching into another feature's files, and allows its public entry", async () => {
    expect(
      await layerErrors(
        'features/home/probe.ts',
        "import { contractorKey } from '@/features/directory/api';\nexport const k = contractorKey;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'features/home/probe.ts',
        "import { featuredKey } from '@/features/directory';\nexport const k = featuredKey;\n",
      ),
    ).toEqual([]);
  });

  it('allows what goes down: the app using features, features using components, lib and shared', async () => {
    expect(
      await layerErrors(
        'app/probe.ts',
        "import { featuredKey } from '@/features/directory/featured';\nexport const k = featuredKey;\n",
      ),
    ).toEqual([]);
    const feature = [
      "import { Head } from '@/components/head';",
      "import { useRegion } from '@/lib/region';",
      "import { centsToDecimal } from '@shared/money';",
      'export const used = [Head, useRegion, centsToDecimal];',
      '',
    ].join('\n');
    expect(await layerErrors('features/home/probe.ts', feature)).toEqual([]);
  });
});
