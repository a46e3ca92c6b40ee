import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's rooms are enforced by lint (docs/decisions/0115-server-rooms-by-domain.md): each
 * probe is linted as if it sat at `filePath`, so a rule that stopped firing fails here.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../', import.meta.url)) });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// The first lint loads the configuration and its plugins: seconds on a busy two-core machine.
describe('server rooms by domain (lint zones from eslint.config.js)', { timeout: 60_000 }, () => {
  it('a lower domain may not use a higher one', async () => {
    const errors = await boundaryErrors(
      'server/counties/probe.ts',
      "import { createLead } from '../leads/leads';\nexport const probe = createLead;\n",
    );
    expect(errors.join('\n')).toMatch(/server\/counties comes before/);
  });

  it('a higher domain may use a lower one', async () => {
    expect(
      await boundaryErrors(
        'server/leads/probe.ts',
        "import { queueEmail } from '../notifications/email-delivery';\nexport const probe = queueEmail;\n",
      ),
    ).toEqual([]);
  });

  it("a domain's services speak the domain, not HTTP", async () => {
    const errors = await boundaryErrors(
      'server/leads/pricing/probe.ts',
      "import { asyncHandler } from '../../http/async-handler';\nexport const probe = asyncHandler;\n",
    );
    expect(errors.join('\n')).toMatch(/Services speak the domain/);
  });

  it("a domain's routes go through services, never the database", async () => {
    const errors = await boundaryErrors(
      'server/billing/routes/probe.ts',
      "import { leads } from '../../db/schema';\nexport const probe = leads;\n",
    );
    expect(errors.join('\n')).toMatch(/Routes go through services/);
  });
});
