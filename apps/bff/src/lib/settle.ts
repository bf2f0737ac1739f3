import { type CallReport, ServiceError, type Settled } from '@console/client';
import type { Money } from '@console/contract';
import type { Context } from 'hono';
import type { Deps } from '../deps.ts';
import { created } from './idempotency.ts';
import { type Facts, type LedgerReader, looseFacts } from './ledger.ts';
import { pathId } from './parse.ts';
import type { AppEnv } from './types.ts';

/** A settled answer with the ledger's facts of it, read once: in full, or loosely, or null when it names no booking. */
interface Read<T> {
  settled: Settled<T>;
  facts: Facts | null;
}

function read<T>(settled: Settled<T>, reader: LedgerReader<T>, knownId?: string): Read<T> {
  const facts =
    settled.value !== null ? reader.facts(settled.value) : looseFacts(reader.product, settled.raw, knownId);
  return { settled, facts };
}

/** What the audit log keeps: the booking's id, and its amount when the answer was read in full. */
function audited<T>({ settled, facts }: Read<T>, amount?: (value: T) => Money | null) {
  if (!facts) return {};
  if (amount) return { resourceId: facts.id, amount: settled.value === null ? null : amount(settled.value) };
  return { resourceId: facts.id, amount: facts.partial ? null : facts.total };
}

/**
 * The facts to record. An answer that names no booking at all cannot be recorded: the outcome is unknown and the
 * browser asks again with the same key (decision 013).
 */
function recordable(facts: Facts | null): Facts {
  if (facts) return facts;
  throw ServiceError.local('outcome_unknown', 502, {
    outcome: 'unknown',
    retryable: true,
    message: 'The booking service answered, but its answer names no booking. The console will ask again.',
  });
}

/**
 * The body to send on for a settled answer: the answer as read, or the service's own body when it could not be read
 * in full (marked `Console-Partial: true`, so the page shows what it can instead of an error).
 */
export function settledBody<T>(c: Context<AppEnv>, settled: Settled<T>): unknown {
  if (settled.value !== null) return settled.value;
  c.header('Console-Partial', 'true');
  return settled.raw;
}

/**
 * A create under its Idempotency-Key: audited, recorded in the ledger whatever its 2xx body holds (a 2xx is a
 * booking that exists), and answered 201 with the key.
 */
export async function settleCreate<T>(
  c: Context<AppEnv>,
  d: Deps,
  options: { action: string; key: string; reader: LedgerReader<T> },
  call: (report: CallReport) => Promise<Settled<T>>,
): Promise<Response> {
  const user = c.get('user');
  const { value, reconciled } = await d.audit.create(
    user,
    { action: options.action, idempotencyKey: options.key },
    (report) => call(report).then((settled) => read(settled, options.reader)),
    (r) => audited(r),
  );
  await d.ledger.record(recordable(value.facts), user, d.upstream.service.environment, options.key);
  return created(c, settledBody(c, value.settled), options.key, reconciled);
}

/**
 * An action on the booking named by the path's `id` (ticket, confirm, cancel): audited, the ledger's row refreshed
 * from whatever the 2xx body holds, and the answer passed on. `amount` says what the audit log records when it is
 * not the booking's total (a cancellation's penalty).
 */
export async function settleAction<T>(
  c: Context<AppEnv>,
  d: Deps,
  options: { action: string; reader: LedgerReader<T>; amount?: (value: T) => Money | null },
  call: (id: string) => Promise<Settled<T>>,
): Promise<Response> {
  const id = pathId(c, 'id');
  const { settled, facts } = await d.audit.run(
    c.get('user'),
    { action: options.action, resourceId: id },
    () => call(id).then((answer) => read(answer, options.reader, id)),
    (r) => audited(r, options.amount),
  );
  await d.ledger.refresh(recordable(facts));
  return c.json(settledBody(c, settled));
}

/** After a money move whose answer is not the booking (a refund, a new deadline): the booking read again for the
 * ledger. A failing read leaves that to the next one. */
export async function rereadForLedger<T>(
  d: Deps,
  load: () => Promise<T>,
  reader: LedgerReader<T>,
): Promise<void> {
  await load()
    .then((value) => d.ledger.refresh(reader.facts(value)))
    .catch(() => undefined);
}
