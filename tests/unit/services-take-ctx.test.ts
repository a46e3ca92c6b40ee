import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Services take a context first (docs/decisions/0092-services-take-ctx.md): an exported function
 * or an exported class's constructor in server/services is handed the AppContext, or a Pick of it,
 * and inside a transaction the same shape with the transaction as its db (withDb, inTransaction
 * in server/context.ts). None of them takes a bare database or transaction handle, first or
 * anywhere else: a parameter named db or tx, or typed Db, Tx or Executor. Private helpers within
 * a file are not checked.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const serverDomains: string[] = JSON.parse(readFileSync(join(ROOT, 'server/domains.json'), 'utf8')).domains;

/** Every service file of every domain: the domain's folders, its routes/ aside. */
function serviceFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? e.name === 'routes'
          ? []
          : walk(join(dir, e.name))
        : e.name.endsWith('.ts')
          ? [join(dir, e.name)]
          : [],
    );
  return serverDomains.flatMap((d) => walk(join(ROOT, 'server', d)));
}
const HANDLE_NAME = /^(db|tx)$/;
const HANDLE_TYPE = /\b(Db|Tx|Executor)\b/;

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The exported functions and constructors of one file, each with its parameters. */
function exportedSignatures(source: ts.SourceFile): { name: string; params: readonly ts.ParameterDeclaration[] }[] {
  const found: { name: string; params: readonly ts.ParameterDeclaration[] }[] = [];
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement))
      found.push({ name: statement.name?.text ?? 'default', params: statement.parameters });
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          found.push({ name: d.name.getText(source), params: init.parameters });
      }
    }
    if (ts.isClassDeclaration(statement)) {
      for (const member of statement.members)
        if (ts.isConstructorDeclaration(member))
          found.push({ name: `new ${statement.name?.text ?? 'default'}`, params: member.parameters });
    }
  }
  return found;
}

/** Each exported function of `text` that takes a database or transaction handle instead of a context. */
export function handleParameters(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return exportedSignatures(source).flatMap(({ name, params }) =>
    params.flatMap((p, i) => {
      const paramName = ts.isIdentifier(p.name) ? p.name.text : '';
      const type = p.type?.getText(source) ?? '';
      if (!HANDLE_NAME.test(paramName) && !HANDLE_TYPE.test(type)) return [];
      return [`${file}: ${name} takes ${p.getText(source)} as parameter ${i + 1}; take the context (ctx.db) instead`];
    }),
  );
}

describe('services take a context first (docs/decisions/0092-services-take-ctx.md)', () => {
  it('no exported service function takes a bare db or tx', () => {
    const files = serviceFiles();
    expect(files.length).toBeGreaterThan(60);
    expect(files.flatMap((f) => handleParameters(relative(ROOT, f), readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('catches each way of taking a handle, and leaves contexts, private helpers and pure functions alone', () => {
    const text = [
      "import type { Db, Executor, Tx } from '../db/client';",
      'export async function listThings(db: Db, page: number) {}',
      'export async function sendIn(ctx: AppContext, tx: Executor, id: number) {}',
      'export const arrow = async (handle: Tx) => handle;',
      'export class Store { constructor(private readonly db: Db) {} }',
      'export async function untyped(tx, id: number) {}',
      'export async function fine(ctx: ServiceCtx, id: number) {}',
      "export async function alsoFine(ctx: Pick<AppContext, 'db' | 'clock'>, when: Date) {}",
      'export function pure(siteUrl: string) {}',
      'async function privateHelper(tx: Executor) {}',
    ].join('\n');
    expect(handleParameters('fixture.ts', text)).toEqual([
      'fixture.ts: listThings takes db: Db as parameter 1; take the context (ctx.db) instead',
      'fixture.ts: sendIn takes tx: Executor as parameter 2; take the context (ctx.db) instead',
      'fixture.ts: arrow takes handle: Tx as parameter 1; take the context (ctx.db) instead',
      'fixture.ts: new Store takes private readonly db: Db as parameter 1; take the context (ctx.db) instead',
      'fixture.ts: untyped takes tx as parameter 1; take the context (ctx.db) instead',
    ]);
  });
});
