import {
  type CallReport,
  newCallReport,
  type ServiceClient,
  ServiceError,
  type Settled,
} from '@console/client';
import {
  type ActivityBooking,
  ActivityBookingRequestSchema,
  FlightOrderRequestSchema,
  fromCents,
  type HotelOrder,
  HotelOrderRequestSchema,
  type Money,
  money,
  type Product,
  type Refund,
  type RefundRequest,
  toCents,
} from '@console/contract';
import type { Context } from 'hono';
import type { z } from 'zod';
import { parseBody, pathId } from '../platform/parse.ts';
import type { ScheduledJob } from '../platform/scheduler.ts';
import type { Actor, AppEnv } from '../platform/types.ts';
import type { BookingsDeps } from './deps.ts';
import {
  ACTIVITY_LEDGER,
  type Facts,
  FLIGHT_LEDGER,
  HOTEL_LEDGER,
  type LedgerReader,
  looseFacts,
  mergePeople,
} from './facts.ts';
import { created, idempotencyKey, newIdempotencyKey } from './idempotency.ts';
import type { OpenIntent } from './intents.ts';
import { readAndRefresh, type ServiceBooking } from './refresh.ts';
import { keptOfActivityRequest } from './sent-answers.ts';
import { madeEvent, moveEvent } from './timeline-write.ts';
import type { MoneyContext } from './wallet-moves.ts';

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

/** One create of the service, as settleCreate and the reconciler send it: what it is, how to send it, how to read it. */
interface CreateSpec {
  action: string;
  product: Product;
  schema: z.ZodType;
  send(service: ServiceClient, body: unknown, key: string, report: CallReport): Promise<Read<unknown>>;
}

/**
 * A create's facts with the travellers (and reference) the console itself sent: the service answers with its passengers, guests or
 * customer in a shape it chooses (not shown in the document), but the console knows whom it booked. The names sent
 * come first; what the answer adds (another spelling, a name it read plainly) follows.
 */
function withSent(read: Read<unknown>, sent: Sent): Read<unknown> {
  if (!read.facts) return read;
  const facts: Facts = {
    ...read.facts,
    people: mergePeople(sent.people, read.facts.people),
    clientReference: read.facts.clientReference ?? sent.client_reference ?? null,
  };
  return { ...read, facts };
}

/** What the console sent in a create that the ledger keeps: whom it booked, and the agent's reference. */
interface Sent {
  people: string[];
  client_reference?: string | undefined;
}

function createSpec<T, S extends z.ZodType>(
  action: string,
  reader: LedgerReader<T>,
  schema: S,
  sent: (body: z.output<S>) => Sent,
  send: (
    service: ServiceClient,
    body: z.output<S>,
    idempotencyKey: string,
    report: CallReport,
  ) => Promise<Settled<T>>,
): CreateSpec {
  return {
    action,
    product: reader.product,
    schema,
    async send(service, body, key, report) {
      const request = schema.parse(body);
      const answer: Read<unknown> = read(await send(service, request, key, report), reader);
      return withSent(answer, sent(request));
    },
  };
}

const named = (p: { given_name: string; family_name: string }) => `${p.given_name} ${p.family_name}`;

/** The service's creates: each declared once, for the routes and for reconciling open intents. */
export const CREATES = {
  createFlightOrder: createSpec(
    'flight.order.create',
    FLIGHT_LEDGER,
    FlightOrderRequestSchema,
    (body) => ({ ...body, people: [...body.passengers.map(named), body.contact.email] }),
    (s, body, k, report) => s.op.createFlightOrder({ body, idempotencyKey: k, report }),
  ),
  createHotelOrder: createSpec(
    'hotel.order.create',
    HOTEL_LEDGER,
    HotelOrderRequestSchema,
    (body) => ({
      ...body,
      people: [...body.rooms.flatMap((room) => room.guests.map(named)), body.contact.email],
    }),
    (s, body, k, report) => s.op.createHotelOrder({ body, idempotencyKey: k, report }),
  ),
  createActivityBooking: createSpec(
    'activity.booking.create',
    ACTIVITY_LEDGER,
    ActivityBookingRequestSchema,
    (body) => ({ ...body, people: [named(body.customer), body.customer.email] }),
    (s, body, k, report) => s.op.createActivityBooking({ body, idempotencyKey: k, report }),
  ),
} satisfies Record<string, CreateSpec>;

/** What each create's intent keeps once done: an activity's answers as sent (decision 044). */
const KEEPS: Partial<Record<CreateName, (request: unknown) => unknown>> = {
  createActivityBooking: keptOfActivityRequest,
};
export type CreateName = keyof typeof CREATES;
const isCreateName = (name: string): name is CreateName => Object.hasOwn(CREATES, name);

/** The service said no: nothing was booked under this key (an unknown outcome is not a refusal). */
const refused = (error: unknown): error is ServiceError =>
  error instanceof ServiceError && error.outcome === 'failed';

/**
 * A create under its Idempotency-Key: written as an intent before it is sent (decision 014), audited, recorded in
 * the ledger whatever its 2xx body holds (a 2xx is a booking that exists), and answered 201 with the key. A create
 * whose answer is lost stays an open intent, which the reconciler settles with the same key.
 */
export async function settleCreate(c: Context<AppEnv>, d: BookingsDeps, name: CreateName): Promise<Response> {
  const spec: CreateSpec = CREATES[name];
  const key = idempotencyKey(c) ?? newIdempotencyKey();
  const body: unknown = await parseBody(c, spec.schema);
  const user = c.get('user');
  const { service } = d.upstream;
  await d.intents.open({
    key,
    operation: name,
    product: spec.product,
    environment: service.environment,
    agent: user,
    request: body,
  });
  let outcome: { value: Read<unknown>; reconciled: boolean };
  try {
    outcome = await d.audit.create(
      user,
      { action: spec.action, idempotencyKey: key },
      (report) => spec.send(service, body, key, report),
      (r) => audited(r),
    );
  } catch (error) {
    if (refused(error)) await d.intents.fail(key, error.code);
    throw error;
  }
  const facts = recordable(outcome.value.facts);
  // Priced by the office's fee rules as they are now (decision 032); kept as made whatever they become.
  const price = await d.fees.price(facts);
  await d.ledger.record(facts, user, service.environment, key, price);
  await d.intents.complete(key, facts.id, KEEPS[name]);
  await d.timeline.note(madeEvent(facts, user, price));
  return created(c, settledBody(c, outcome.value.settled), key, outcome.reconciled);
}

/**
 * Settles one open intent by sending its create again with the same Idempotency-Key: the service replays the
 * booking it made (or makes it, if the first try never reached it). Recorded for the agent who asked, audited as
 * `reconciled`. An intent made with other credentials' environment is not sent (it fails as `environment_changed`).
 */
/** What reconciling an intent uses. */
export type ReconcileDeps = Pick<
  BookingsDeps,
  'upstream' | 'intents' | 'ledger' | 'fees' | 'audit' | 'timeline'
>;

export async function reconcileIntent(
  d: ReconcileDeps,
  intent: OpenIntent,
): Promise<'done' | 'failed' | 'open'> {
  const { service } = d.upstream;
  if (!isCreateName(intent.operation)) {
    await d.intents.fail(intent.key, 'unknown_operation');
    return 'failed';
  }
  if (intent.environment !== service.environment) {
    await d.intents.fail(intent.key, 'environment_changed');
    return 'failed';
  }
  const spec: CreateSpec = CREATES[intent.operation];
  const action = { action: spec.action, idempotencyKey: intent.key };
  try {
    const answer = await spec.send(service, intent.request, intent.key, newCallReport());
    if (!answer.facts) {
      await d.intents.retryLater(intent.key, 'answer names no booking');
      return 'open';
    }
    const price = await d.fees.price(answer.facts);
    await d.ledger.record(answer.facts, intent.agent, intent.environment, intent.key, price);
    await d.audit.write(intent.agent, { ...action, ...audited(answer) }, 'reconciled', 201, null);
    await d.intents.complete(intent.key, answer.facts.id, KEEPS[intent.operation]);
    await d.timeline.note(madeEvent(answer.facts, intent.agent, price));
    return 'done';
  } catch (error) {
    // A key still running on the service (409) is not a refusal of the booking: ask again later.
    if (refused(error) && error.status !== 409 && error.status !== 429) {
      await d.intents.fail(intent.key, error.code);
      await d.audit.write(intent.agent, action, 'failed', error.status, error.code);
      return 'failed';
    }
    await d.intents.retryLater(intent.key, error instanceof Error ? error.message : String(error));
    return 'open';
  }
}

/**
 * Booking intents left open longer than `afterMs` (an answer lost, an instance that crashed) asked for again with
 * their Idempotency-Key (decision 014).
 */
export function reconcileOpenIntents(
  d: ReconcileDeps,
  afterMs: number,
): ScheduledJob<{ done: number; failed: number; open: number }> {
  return {
    name: 'intents',
    async run(keep) {
      const figures = { done: 0, failed: 0, open: 0 };
      for (const intent of await d.intents.stale(afterMs)) {
        if (!(await keep())) break;
        figures[await reconcileIntent(d, intent)] += 1;
      }
      return figures;
    },
  };
}

/** What an action on a booking says it does: its audit name, how its answer is read, what it costs and gives back. */
export interface ActionOptions<T> {
  action: string;
  reader: LedgerReader<T>;
  amount?: (value: T) => Money | null;
  /** What the service gives back to the wallet when the action ends a paid booking (decision 039). */
  refunded?: (value: T) => Money | null;
}

/** A hotel order's cancellation: what it costs is its penalty, not the order's total; a confirmed order's gives back
 * its total less the penalty (decision 039). */
export const HOTEL_CANCEL: ActionOptions<HotelOrder> = {
  action: 'hotel.order.cancel',
  reader: HOTEL_LEDGER,
  amount: (order) => order.penalty ?? null,
  refunded: (order) =>
    money(fromCents(toCents(order.total.amount) - toCents(order.penalty?.amount ?? '0.00'))),
};

/** An activity booking's cancellation: a paid booking's gives its total back (decision 039). */
export const ACTIVITY_CANCEL: ActionOptions<ActivityBooking> = {
  action: 'activity.booking.cancel',
  reader: ACTIVITY_LEDGER,
  refunded: (booking) => booking.total,
};

/**
 * A flight order's refund (some tickets, or all): audited with what the service gave back, which is the wallet's move
 * (decision 039) once the order is read again for the ledger. The order as read again, when it could be.
 */
export async function refundFlightOrder(
  d: BookingsDeps,
  user: Actor,
  id: string,
  body: RefundRequest,
  key?: string,
): Promise<{ refund: Settled<Refund>; after: ServiceBooking | null }> {
  const { service } = d.upstream;
  const refund = await d.audit.run(
    user,
    { action: 'flight.order.refund', resourceId: id },
    () => service.op.refundFlightOrder({ id, body }),
    (r) => ({ amount: r.value?.amount ?? null }),
  );
  const after = await rereadForLedger(
    d,
    { product: 'flight', id },
    { who: user.email, action: 'flight.order.refund', refunded: refund.value?.amount ?? null },
    { id, who: user, action: 'flight.order.refund', amount: refund.value?.amount ?? null, key },
  );
  return { refund, after };
}

/**
 * An action on the booking named by the path's `id` (ticket, confirm, cancel): audited, the ledger's row refreshed
 * from whatever the 2xx body holds, and the answer passed on. `amount` says what the audit log records when it is
 * not the booking's total (a cancellation's penalty).
 */
export async function settleAction<T>(
  c: Context<AppEnv>,
  d: BookingsDeps,
  options: ActionOptions<T>,
  call: (id: string) => Promise<Settled<T>>,
): Promise<Response> {
  const { settled } = await actOn(d, c.get('user'), pathId(c, 'id'), options, call, idempotencyKey(c));
  return c.json(settledBody(c, settled));
}

/**
 * The same action on a booking by its id, for whoever presses it (a booking page's button, a change's action): the
 * same audit entry, ledger refresh and wallet move either way.
 */
export async function actOn<T>(
  d: BookingsDeps,
  user: Actor,
  id: string,
  options: ActionOptions<T>,
  call: (id: string) => Promise<Settled<T>>,
  /** The press's Idempotency-Key, when it has one: the same press sent again is one event on the timeline. */
  key?: string,
): Promise<{ settled: Settled<T>; refunded: Money | null }> {
  const { settled, facts } = await d.audit.run(
    user,
    { action: options.action, resourceId: id },
    () => call(id).then((answer) => read(answer, options.reader, id)),
    (r) => audited(r, options.amount),
  );
  // The answer to the console's own action: its cancellation or refund is no news to anyone (decision 037).
  const refunded = settled.value !== null && options.refunded ? options.refunded(settled.value) : null;
  const moved = recordable(facts);
  await d.ledger.refresh(moved, {
    byConsole: true,
    money: { who: user.email, action: options.action, refunded },
  });
  await d.timeline.note(moveEvent(moved.id, user, options.action, { status: moved.status, refunded, key }));
  return { settled, refunded };
}

/** After a money move whose answer is not the booking (a refund, a new deadline): the booking read again for the
 * ledger, through the one read as the console's own move. A failing read leaves that to the next one (null).
 * `press`: the console's move on someone's press, for the booking's timeline (written whether the read again
 * succeeds or not: the move was made). */
export async function rereadForLedger(
  d: BookingsDeps,
  booking: { product: Product; id: string },
  money?: MoneyContext,
  press?: { id: string; who: Actor; action: string; amount?: Money | null; key?: string | undefined },
): Promise<ServiceBooking | null> {
  const read = await readAndRefresh(d, booking, { byConsole: true, ...(money ? { money } : {}) }).catch(
    () => null,
  );
  if (press)
    await d.timeline.note(
      moveEvent(press.id, press.who, press.action, {
        status: read?.answer.status ?? null,
        refunded: press.amount ?? null,
        key: press.key,
      }),
    );
  return read;
}
