import { type CallReport, newCallReport, ServiceError } from '@console/client';
import type { AuditEntry, AuditQuery, Money } from '@console/contract';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import { type Database, type Db, historyReads } from '../db/index.ts';
import { type CsvRow, EXPORT_BATCH } from '../platform/csv.ts';
import { decodeCursor, type Page, pageFrom } from '../platform/pages.ts';
import { countMatches } from '../platform/search.ts';
import type { Actor } from '../platform/types.ts';
import { zonedIso } from '../platform/zoned-time.ts';

export interface AuditedAction {
  action: string;
  resourceId?: string | null;
  amount?: Money | null;
  idempotencyKey?: string | undefined;
  /** A sign-in's client address, browser (its User-Agent) and factor. */
  address?: string | null;
  browser?: string | null;
  factor?: string | null;
}

/** The audit log of every money-moving action: who, when, what, how much, with which key, and how it ended. */
export class AuditLog {
  /** `clock`: when an entry happened (this machine's, or the embedded sandbox's as the ledger keeps it: decision 045). */
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Runs a money-moving action and records its outcome. The amount and resource may come from the answer
   * (a create learns its id only then).
   */
  async run<T>(
    who: Actor,
    action: AuditedAction,
    fn: () => Promise<T>,
    describe?: (result: T) => Partial<AuditedAction>,
  ): Promise<T> {
    try {
      const result = await fn();
      await this.write(who, { ...action, ...describe?.(result) }, 'succeeded', 200, null);
      return result;
    } catch (error) {
      await this.#failed(who, action, error);
      throw error;
    }
  }

  /**
   * A create: like `run`, with the call's report. When an earlier try's answer was lost (here, or between the console
   * and the browser) and the service's answer is the replay for the same Idempotency-Key, the booking was made once
   * and is recorded as `reconciled`.
   */
  async create<T>(
    who: Actor,
    action: AuditedAction,
    fn: (report: CallReport) => Promise<T>,
    describe: (result: T) => Partial<AuditedAction>,
  ): Promise<{ value: T; reconciled: boolean }> {
    const report = newCallReport();
    let value: T;
    try {
      value = await fn(report);
    } catch (error) {
      await this.#failed(who, action, error);
      throw error;
    }
    const reconciled = report.outcomeUnknown || report.replayed;
    await this.write(
      who,
      { ...action, ...describe(value) },
      reconciled ? 'reconciled' : 'succeeded',
      201,
      null,
    );
    return { value, reconciled };
  }

  async #failed(who: Actor, action: AuditedAction, error: unknown): Promise<void> {
    if (error instanceof ServiceError) {
      await this.write(
        who,
        action,
        error.outcome === 'unknown' ? 'unknown' : 'failed',
        error.status,
        error.code,
      );
    } else {
      await this.write(who, action, 'failed', 500, 'internal_error');
    }
  }

  async write(
    who: Actor,
    action: AuditedAction,
    result: AuditEntry['result'],
    status: number,
    errorCode: string | null,
  ): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        at: new Date(this.clock()).toISOString(),
        user_id: who.id,
        user_email: who.email,
        action: action.action,
        resource_id: action.resourceId ?? null,
        amount: action.amount?.amount ?? null,
        idempotency_key: action.idempotencyKey ?? null,
        result,
        status_code: status,
        error_code: errorCode,
        address: action.address ?? null,
        browser: action.browser?.slice(0, 300) ?? null,
        factor: action.factor ?? null,
      })
      .execute();
  }

  /** A person's own sign-ins, newest first (their index: action, email, time). */
  async signInsOf(email: string, limit: number): Promise<AuditEntry[]> {
    const rows = await historyReads(this.db)
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', SIGN_IN)
      .where('user_email', '=', email.toLowerCase())
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toAuditEntry);
  }

  /**
   * A page of the log, newest first by (at, id), each filter served by an index in that order (decision 023); read on
   * the history readers.
   */
  async list(query: AuditQuery): Promise<Page<AuditEntry>> {
    const reads = historyReads(this.db);
    const key = decodeCursor(query.after, AUDIT_ORDER, ['string', 'number']);
    const filtered = <O>(q: SelectQueryBuilder<Database, 'audit_log', O>) => {
      let out = q;
      if (query.user) out = out.where('user_email', '=', query.user.toLowerCase());
      if (query.action) out = out.where('action', '=', query.action);
      if (query.result) out = out.where('result', '=', query.result);
      if (query.from) out = out.where('at', '>=', query.from);
      if (query.to) out = out.where('at', '<', `${query.to}T99`);
      return out;
    };
    let q = filtered(reads.selectFrom('audit_log').selectAll());
    if (key) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('at', 'id'), '<', tuple(key[0], key[1])));
    const rows = await q
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute();
    const page = pageFrom(rows, query.limit, AUDIT_ORDER, (r) => [r.at, r.id], toAuditEntry);
    if (!key)
      page.matched = await countMatches(this.db, filtered(reads.selectFrom('audit_log').select('id')));
    return page;
  }

  /** Every entry the filters match, newest first, a page at a time: what the CSV export streams. */
  async *all(query: Omit<AuditQuery, 'after' | 'limit'>): AsyncGenerator<AuditEntry[]> {
    let after: string | undefined;
    do {
      const page = await this.list({ ...query, after, limit: EXPORT_BATCH });
      yield page.data;
      after = page.next_cursor ?? undefined;
    } while (after);
  }
}

const AUDIT_ORDER = 'audit.newest';
/** The audit action of a sign-in attempt (decision 028). */
export const SIGN_IN = 'sign_in';

function toAuditEntry(r: Selectable<Database['audit_log']>): AuditEntry {
  return {
    id: r.id,
    at: r.at,
    user: { id: r.user_id, email: r.user_email },
    action: r.action,
    resource_id: r.resource_id,
    amount: r.amount === null ? null : { amount: r.amount, currency: 'USD' as const },
    idempotency_key: r.idempotency_key,
    result: r.result,
    status_code: r.status_code,
    error_code: r.error_code,
    address: r.address,
    browser: r.browser,
    factor: r.factor,
  };
}

export const AUDIT_CSV_HEADER = [
  'id',
  'at',
  'user',
  'action',
  'resource_id',
  'amount',
  'currency',
  'idempotency_key',
  'result',
  'status_code',
  'error_code',
  'address',
  'browser',
  'factor',
];

/** One audit entry as a CSV row. */
export const auditCsvRow = (e: AuditEntry, timeZone = 'UTC'): CsvRow => [
  e.id,
  zonedIso(e.at, timeZone),
  e.user.email,
  e.action,
  e.resource_id,
  e.amount?.amount ?? null,
  e.amount ? 'USD' : null,
  e.idempotency_key,
  e.result,
  e.status_code,
  e.error_code,
  e.address ?? null,
  e.browser ?? null,
  e.factor ?? null,
];
