import { type CallReport, newCallReport, ServiceError } from '@console/client';
import type { AuditEntry, AuditQuery, Money } from '@console/contract';
import type { Db } from '../db/index.ts';
import type { Actor } from './intents.ts';

export interface AuditedAction {
  action: string;
  resourceId?: string | null;
  amount?: Money | null;
  idempotencyKey?: string | undefined;
}

/** The audit log of every money-moving action: who, when, what, how much, with which key, and how it ended. */
export class AuditLog {
  constructor(private readonly db: Db) {}

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
        at: new Date().toISOString(),
        user_id: who.id,
        user_email: who.email,
        action: action.action,
        resource_id: action.resourceId ?? null,
        amount: action.amount?.amount ?? null,
        idempotency_key: action.idempotencyKey ?? null,
        result,
        status_code: status,
        error_code: errorCode,
      })
      .execute();
  }

  async list(query: AuditQuery): Promise<AuditEntry[]> {
    let q = this.db.selectFrom('audit_log').selectAll();
    if (query.user) q = q.where('user_email', '=', query.user.toLowerCase());
    if (query.action) q = q.where('action', '=', query.action);
    if (query.result) q = q.where('result', '=', query.result);
    if (query.from) q = q.where('at', '>=', query.from);
    if (query.to) q = q.where('at', '<', `${query.to}T99`);
    const rows = await q.orderBy('id', 'desc').limit(query.limit).execute();
    return rows.map((r) => ({
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
    }));
  }
}

/** One CSV cell: quoted, and defused when it looks like a formula (a leading = + - @ gets a quote). */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The audit log as CSV, every field quoted. */
export function toCsv(entries: AuditEntry[]): string {
  const header = [
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
  ];
  const lines = entries.map((e) =>
    [
      e.id,
      e.at,
      e.user.email,
      e.action,
      e.resource_id,
      e.amount?.amount ?? null,
      e.amount ? 'USD' : null,
      e.idempotency_key,
      e.result,
      e.status_code,
      e.error_code,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${header.join(',')}\r\n${lines.join('\r\n')}\r\n`;
}
