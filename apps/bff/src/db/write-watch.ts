import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Tables whose rows say who is signed in and as whom: a write to them ends what a cache knew of any session. */
const IDENTITY_TABLES = new Set(['sessions', 'users']);
/** The one write that does not: a session's "last seen" touch (at most once a minute per session). */
const TOUCH_ONLY = new Set(['last_seen_at']);

function tablesOf(node: unknown, found: Set<string>): Set<string> {
  if (!node || typeof node !== 'object') return found;
  if (Array.isArray(node)) {
    for (const item of node) tablesOf(item, found);
    return found;
  }
  const operation = node as OperationNode & { table?: { identifier?: { name?: string } } };
  if (operation.kind === 'TableNode' && typeof operation.table?.identifier?.name === 'string')
    found.add(operation.table.identifier.name);
  for (const value of Object.values(node)) if (value && typeof value === 'object') tablesOf(value, found);
  return found;
}

/** Whether a query may change who is signed in: a write (or raw SQL) that names a session or user table. */
export function writesIdentity(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'SelectQueryNode':
      return false;
    case 'RawNode':
      return node.sqlFragments.some((text) => /\b(sessions|users)\b/i.test(text));
    case 'UpdateQueryNode': {
      const tables = tablesOf(node, new Set());
      if (![...tables].some((t) => IDENTITY_TABLES.has(t))) return false;
      const columns = (node.updates ?? []).map(
        (u) => (u.column as { column?: { name?: string } }).column?.name,
      );
      const touch =
        tables.size === 1 &&
        tables.has('sessions') &&
        columns.length > 0 &&
        columns.every((c) => c !== undefined && TOUCH_ONLY.has(c));
      return !touch;
    }
    default:
      return [...tablesOf(node, new Set())].some((t) => IDENTITY_TABLES.has(t));
  }
}

/**
 * Whether a write may end or change a session someone holds: any write to the identity tables but a new row (a new
 * session or person ends nothing) and the touch (above).
 */
export const revokesIdentity = (node: RootOperationNode): boolean =>
  node.kind !== 'InsertQueryNode' && writesIdentity(node);

/**
 * Counts this connection's writes to the identity tables (decision 038): a write is counted before it runs and again
 * once it has, so a session read cached across it is never taken for current. Writes by other connections (another
 * instance on the same SQLite file) are seen by SQLite's `data_version` instead.
 */
export class IdentityWrites implements KyselyPlugin {
  #generation = 0;
  readonly #writes = new WeakSet<object>();
  readonly #revokes = new WeakSet<object>();

  /**
   * Whether the statement of this query id may end a session: on PostgreSQL its connection waits, once given back,
   * until every instance keeping sessions in memory has heard of it (`settling-driver.ts`, `identity-push.ts`).
   */
  revokes(queryId: object): boolean {
    return this.#revokes.has(queryId);
  }

  get generation(): number {
    return this.#generation;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writesIdentity(args.node)) {
      this.#writes.add(args.queryId);
      this.#generation += 1;
      if (revokesIdentity(args.node)) this.#revokes.add(args.queryId);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) this.#generation += 1;
    return args.result;
  }
}
