import { DOWNLOAD_VOUCHER, OPERATIONS, type OperationName, STREAM_FLIGHT_SEARCH } from '@console/contract';
import { type MountedRoute, openApiDocument } from './openapi.ts';

export const OPERATIONS_START =
  '<!-- operations: written by pnpm run docs from packages/contract/src/operations*.ts -->';
export const OPERATIONS_END = '<!-- operations: end -->';

/** The service operations the console uses, as a Markdown table made from the operation table. */
export function operationsTable(): string {
  const rows: { name: string; method: string; path: string; scope: string; effect: string }[] = (
    Object.keys(OPERATIONS) as OperationName[]
  ).map((name) => {
    const op = OPERATIONS[name];
    return { name, method: op.method, path: op.path, scope: op.scope, effect: op.effect };
  });
  rows.push(
    { name: 'streamFlightSearch', ...pick(STREAM_FLIGHT_SEARCH) },
    { name: 'downloadVoucher', ...pick(DOWNLOAD_VOUCHER) },
  );
  const lines = [
    '| operation | method | path | scope | effect |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| \`${r.name}\` | ${r.method} | \`${r.path}\` | \`${r.scope}\` | ${r.effect} |`),
  ];
  return lines.join('\n');
}

function pick(op: { method: string; path: string; scope: string; effect: string }) {
  return { method: op.method, path: op.path, scope: op.scope, effect: op.effect };
}

/** docs/service.md with its operations table brought up to date (the text around it is written by hand). */
export function withOperationsTable(markdown: string): string {
  const start = markdown.indexOf(OPERATIONS_START);
  const end = markdown.indexOf(OPERATIONS_END);
  if (start < 0 || end < start) throw new Error('docs/service.md has lost its operations markers');
  return `${markdown.slice(0, start + OPERATIONS_START.length)}\n${operationsTable()}\n${markdown.slice(end)}`;
}

/** docs/openapi.json's text: the document of a console's mounted routes. */
export const openApiText = (mounted: readonly MountedRoute[]) =>
  `${JSON.stringify(openApiDocument(mounted), null, 2)}\n`;
