import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, parseEnv } from '../../server/env';

/** The operator's view of the settings: every one documented, and .env.example usable as is (issue 13). */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
const configuration = readme.slice(
  readme.indexOf('## Configuration'),
  readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5),
);

describe('configuration documents', () => {
  it.each(ENV_VARIABLES)('%s is in the README table and in .env.example', (name) => {
    expect(configuration).toContain(`\`${name}\``);
    expect(example).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });

  it('.env.example can be sourced by a POSIX shell and parses as a valid configuration', () => {
    const res = spawnSync(
      'sh',
      ['-c', 'set -a; . ./.env.example; node -e "process.stdout.write(JSON.stringify(process.env))"'],
      { encoding: 'utf8', env: { PATH: process.env.PATH } },
    );
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    const env = JSON.parse(res.stdout) as Record<string, string>;
    expect(env.MAIL_FROM).toMatch(/ <.+@.+>$/);
    expect(() => parseEnv(env)).not.toThrow();
  });
});
