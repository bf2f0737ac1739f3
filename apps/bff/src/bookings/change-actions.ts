import { ServiceError } from '@console/client';
import {
  type BookingChange,
  type CancelQuote,
  type ChangeAction,
  type ChangeActionRequest,
  ChangeActionRequestSchema,
  type ChangeKind,
  type ChangeOutcome,
  type ClientMessage,
  fromCents,
  type LedgerEntry,
  type Money,
  money,
  type RebookPlan,
  type RebookTraveller,
  RefundQuoteTicketSchema,
  readKnownItems,
  toCents,
} from '@console/contract';
import { ConsoleError } from '../platform/errors.ts';
import { mailText } from '../platform/mailer.ts';
import type { Actor, SignedInUser } from '../platform/types.ts';
import { ledgerScope, mayReach } from './access.ts';
import type { BookingsDeps } from './deps.ts';
import { FLIGHT_LEDGER } from './facts.ts';
import { readAndRefresh, type ServiceBooking } from './refresh.ts';
import { ACTIVITY_CANCEL, actOn, HOTEL_CANCEL, refundFlightOrder } from './settle.ts';
import type { TimelineActor } from './timeline.ts';

/**
 * The actions beside a change (decision 054): each fits the change's kind and state (the change's `actions`), runs
 * once under its Idempotency-Key (a press sent again, or whose answer was lost, answers the same), moves the booking
 * through the same paths as its page's buttons (the same audit entry, ledger refresh and wallet move), handles the
 * change with its outcome and the agent's note, and writes the booking's timeline.
 */

export const ACTION_WORDS: Record<ChangeAction, string> = {
  accept: 'Client accepts the new times',
  rebook: 'Rebook',
  cancel_refund: 'Cancel and refund',
  book_again: 'Book again',
  tell_client: 'Tell the client',
};
const KIND_WORDS: Record<ChangeKind, string> = {
  schedule_change: 'schedule change',
  date_change: 'date change',
  cancelled: 'booking cancelled outside the console',
  refunded: 'booking refunded outside the console',
  hold_lapsed: 'hold that lapsed',
  unknown_to_service: 'booking the service no longer knows',
  total_changed: 'total that changed',
};

const shown = (m: Money | null | undefined) => (m ? `${m.amount} ${m.currency}` : 'nothing');

/** The change, if this person may reach it (decision 015): another agent's is answered as none (404). */
export async function changeInReach(d: BookingsDeps, user: SignedInUser, id: string): Promise<BookingChange> {
  // The queue's reach (decision 053): their bookings', the changes assigned to them, the office's for one who sees it.
  const change = await d.changes.reachable(id, {
    environment: d.upstream.service.environment,
    userId: user.id,
    ...ledgerScope(user),
  });
  if (!change)
    throw new ConsoleError('resource_not_found', {
      param: 'id',
      message: 'No such change on your bookings.',
    });
  return change;
}

/** An action that does not fit the change now is refused with the reason, in words. */
function mustOffer(change: BookingChange, action: ChangeAction): void {
  if (change.actions.includes(action)) return;
  const offered = change.actions.map((a) => `“${ACTION_WORDS[a]}”`).join(', ');
  const message = change.handled_at
    ? `This change was handled already${change.handled_by ? ` by ${change.handled_by}` : ''}: “${ACTION_WORDS[action]}” is not offered on it${offered ? ` (only ${offered})` : ''}.`
    : `“${ACTION_WORDS[action]}” does not fit a ${KIND_WORDS[change.kind]}${offered ? `: choose ${offered}` : ': mark it handled with a note'}.`;
  throw new ConsoleError('invalid_state', { param: 'action', message });
}

const agent = (user: Actor): TimelineActor => ({ kind: 'agent', who: { id: user.id, email: user.email } });
const serviceIso = (d: BookingsDeps) => new Date(d.upstream.clock.now()).toISOString();

/**
 * The booking as the ledger has it, in this person's reach as the change's (decision 053): their own or the office's,
 * or another agent's whose work is handed to them (a change of it they hold, or they cover for its agent).
 */
async function ledgerEntry(d: BookingsDeps, user: SignedInUser, id: string): Promise<LedgerEntry | null> {
  const environment = d.upstream.service.environment;
  const [entry] = await d.ledger.byIds([id], environment);
  if (!entry) return null;
  return mayReach(user, entry.agent.id) ||
    (await d.ledger.delegated(id, entry.agent.id, user.id, environment))
    ? entry
    : null;
}

/** A press of an action under its Idempotency-Key: the change as it is after, and whether this is a replay. */
export async function pressAction(
  d: BookingsDeps,
  user: SignedInUser,
  press: { changeId: string; action: ChangeAction; key: string; body: unknown },
): Promise<{ change: BookingChange; replayed: boolean }> {
  const reached = await changeInReach(d, user, press.changeId);
  const body = ChangeActionRequestSchema.parse(press.body ?? {});
  const begun = await d.changeActions.begin({
    key: press.key,
    userId: user.id,
    changeId: reached.id,
    action: press.action,
    request: JSON.stringify({ change: reached.id, action: press.action, body }),
  });
  if (begun.kind === 'reused')
    throw new ConsoleError('idempotency_key_reused', {
      param: 'Idempotency-Key',
      message:
        'This Idempotency-Key was sent with another action or body: press the action again for a new one.',
    });
  if (begun.kind === 'running')
    throw new ConsoleError('idempotency_key_in_use', {
      param: 'Idempotency-Key',
      message: 'This action is still running: its answer comes in a moment.',
    });
  if (begun.kind === 'busy')
    throw new ConsoleError('invalid_state', {
      param: 'id',
      message:
        'Another action on this change is running (from another tab, or by a colleague): its answer comes in a moment. Read the change again before pressing.',
    });
  if (begun.kind === 'done') return { change: JSON.parse(begun.answer), replayed: true };
  try {
    // One press at a time on a change: it runs on the change as the press before it left it (its outcome found).
    const change = await changeInReach(d, user, reached.id);
    // A press taken over after a lost answer finds what its first run did, and only finishes it.
    const outcome = await run(d, user, change, press.action, body, begun.resumed, press.key);
    await d.changes.acted(change.id, user, body.note, outcome);
    await d.audit.write(
      user,
      { action: `change.${press.action}`, resourceId: change.id, idempotencyKey: press.key },
      'succeeded',
      200,
      null,
    );
    await d.timeline.record({
      bookingId: change.booking_id,
      kind: 'change_action',
      actor: agent(user),
      summary: `${ACTION_WORDS[press.action]}, from the ${KIND_WORDS[change.kind]}, by ${user.email}${body.note ? `: ${body.note}` : ''}`,
      data: { change_id: change.id, action: press.action, outcome, note: body.note },
      dedupe: `change_action:${change.id}:${press.action}:${outcome.booking_id ?? ''}`,
    });
    const after = await changeInReach(d, user, change.id);
    await d.changeActions.finish(press.key, JSON.stringify(after));
    return { change: after, replayed: false };
  } catch (error) {
    await d.changeActions.abandon(press.key);
    throw error;
  }
}

async function run(
  d: BookingsDeps,
  user: SignedInUser,
  change: BookingChange,
  action: ChangeAction,
  body: ChangeActionRequest,
  resumed: boolean,
  key: string,
): Promise<ChangeOutcome> {
  // Done already (by this press's first run whose answer was lost, or a press from another tab): the same answer.
  const done = change.outcome;
  if (done?.action === action && (done.booking_id ?? null) === (body.booking_id ?? done.booking_id ?? null))
    return done;
  if (action === 'cancel_refund' && done?.action === 'rebook' && done.cancelled) return done;
  // A press taken over after its answer was lost may find the booking cancelled by its first run: it finishes.
  if (!(resumed && action === 'cancel_refund')) mustOffer(change, action);
  const base = { action, at: serviceIso(d), by: user.email };
  switch (action) {
    case 'accept':
      return { ...base, note_sent: await acceptNewTimes(d, user, change) };
    case 'cancel_refund':
      return cancelAndRefund(d, user, change, body, key);
    case 'rebook':
    case 'book_again':
      return { ...base, booking_id: await replace(d, user, change, body) };
    case 'tell_client':
      return { ...base, emailed_to: await tellClient(d, user, change, body) };
  }
}

/** The client accepts: on a flight, the order carries a note saying who and when (sent once, by its mark). */
async function acceptNewTimes(d: BookingsDeps, user: Actor, change: BookingChange): Promise<string | null> {
  if (change.product !== 'flight') return null;
  const { op } = d.upstream.service;
  const mark = `console change ${change.id}`;
  const text = `Client accepted the new times (${change.summary}) — recorded by ${user.email} at ${serviceIso(d).slice(0, 16).replace('T', ' ')} UTC (${mark}).`;
  const order = await readAndRefresh(d, { product: 'flight', id: change.booking_id });
  const already = order.product === 'flight' && JSON.stringify(order.answer.notes).includes(mark);
  if (!already)
    await d.audit.run(user, { action: 'flight.order.notes', resourceId: change.booking_id }, () =>
      op.addFlightOrderNotes({ id: change.booking_id, body: { notes: [text] } }),
    );
  await d.timeline.record({
    bookingId: change.booking_id,
    kind: 'note_sent',
    actor: agent(user),
    summary: `Note sent to the airline's order by ${user.email}: ${text}`,
    data: { change_id: change.id, note: text },
    dedupe: `note_sent:${change.id}`,
  });
  return text;
}

/** Still moving on the service: nothing to cancel until it settles. */
const PASSING = new Set(['ticketing', 'confirming']);
const OVER = new Set(['cancelled', 'canceled', 'refunded', 'expired']);

/**
 * Cancel (and refund where the product needs a separate refund): a held flight is cancelled, a ticketed one refunded
 * with the refund type its quote offered; a hotel order or an activity booking is cancelled (a paid one gives back
 * what the service says). Through the booking pages' own paths.
 */
async function cancelAndRefund(
  d: BookingsDeps,
  user: SignedInUser,
  change: BookingChange,
  body: ChangeActionRequest,
  /** The press's Idempotency-Key: the booking's move is one event on its timeline however often it is sent. */
  key: string,
): Promise<ChangeOutcome> {
  const { op } = d.upstream.service;
  const id = change.booking_id;
  const now = await readAndRefresh(d, { product: change.product, id });
  const status = now.answer.status;
  const rebooked = change.outcome?.action === 'rebook' ? change.outcome : null;
  const outcomeOf = (done: {
    status: string;
    refunded: Money | null;
    penalty: Money | null;
  }): ChangeOutcome =>
    rebooked
      ? { ...rebooked, cancelled: done }
      : { action: 'cancel_refund', at: serviceIso(d), by: user.email, ...done };
  if (OVER.has(status.toLowerCase())) {
    // Done already: by this press's first run (its answer lost), or by anyone since. Its amounts, if that run kept them.
    const earlier = change.outcome?.action === 'cancel_refund' ? change.outcome : rebooked?.cancelled;
    return outcomeOf({ status, refunded: earlier?.refunded ?? null, penalty: earlier?.penalty ?? null });
  }
  if (PASSING.has(status.toLowerCase()))
    throw new ConsoleError('invalid_state', {
      message: `The booking is ${status} on the service: cancel it once that settles (a minute or so).`,
    });
  if (now.product === 'flight') {
    if (status === 'held') {
      const { settled } = await actOn(
        d,
        user,
        id,
        { action: 'flight.order.cancel', reader: FLIGHT_LEDGER },
        (i) => op.cancelFlightOrder({ id: i }),
        key,
      );
      return outcomeOf({ status: settled.value?.status ?? 'cancelled', refunded: null, penalty: null });
    }
    const refundType = body.refund_type ?? (await op.getRefundQuote({ id })).refund_type;
    const { refund, after } = await refundFlightOrder(d, user, id, { refund_type: refundType }, key);
    const refunded = refund.value?.amount ?? null;
    const kept = refunded
      ? money(fromCents(toCents(now.answer.total.amount) - toCents(refunded.amount)))
      : null;
    return outcomeOf({ status: after?.answer.status ?? 'refunded', refunded, penalty: kept });
  }
  if (now.product === 'hotel') {
    const paid = status !== 'held';
    const { settled, refunded } = await actOn(
      d,
      user,
      id,
      HOTEL_CANCEL,
      (i) => op.cancelHotelOrder({ id: i }),
      key,
    );
    return outcomeOf({
      status: settled.value?.status ?? 'cancelled',
      refunded: paid ? refunded : null,
      penalty: settled.value?.penalty ?? null,
    });
  }
  const paid = status !== 'held';
  const { settled, refunded } = await actOn(
    d,
    user,
    id,
    ACTIVITY_CANCEL,
    (i) => op.cancelActivityBooking({ id: i }),
    key,
  );
  return outcomeOf({
    status: settled.value?.status ?? 'cancelled',
    refunded: paid ? refunded : null,
    penalty: null,
  });
}

/**
 * The new booking (held from the search the action opened) replaces the old one: linked both ways, once. It must be
 * a booking of the same product this person may reach, live (not cancelled, refunded or expired), made after the old
 * one (the ledger's times, one clock), replacing no other booking, and not the old one itself.
 */
async function replace(
  d: BookingsDeps,
  user: SignedInUser,
  change: BookingChange,
  body: ChangeActionRequest,
): Promise<string> {
  const newId = body.booking_id;
  if (!newId)
    throw new ConsoleError('validation_failed', {
      param: 'booking_id',
      message: 'booking_id: the new booking is needed (hold it from the search first)',
    });
  if (newId === change.booking_id)
    throw new ConsoleError('validation_failed', {
      param: 'booking_id',
      message: 'booking_id: the new booking cannot be the one it replaces',
    });
  const entry = await ledgerEntry(d, user, newId);
  if (!entry)
    throw new ConsoleError('resource_not_found', { param: 'booking_id', message: 'No such booking.' });
  if (entry.product !== change.product)
    throw new ConsoleError('validation_failed', {
      param: 'booking_id',
      message: `booking_id: a ${change.product} is replaced by a ${change.product}, not a ${entry.product}`,
    });
  if (change.outcome?.booking_id && change.outcome.booking_id !== newId)
    throw new ConsoleError('invalid_state', {
      message: `This change was answered already: ${change.outcome.booking_id} replaces the booking.`,
    });
  // The new booking is one made for this: live, made after the booking it replaces, replacing no other one.
  const name = entry.reference ?? newId;
  if (OVER.has(entry.status.toLowerCase()))
    throw new ConsoleError('validation_failed', {
      param: 'booking_id',
      message: `booking_id: ${name} is ${entry.status}: a booking that ended cannot replace another`,
    });
  const [old] = await d.ledger.byIds([change.booking_id], d.upstream.service.environment);
  if (old && entry.created_at < old.created_at)
    throw new ConsoleError('validation_failed', {
      param: 'booking_id',
      message: `booking_id: ${name} was made before the booking it would replace: hold the new one from the search`,
    });
  const already = (await d.changeActions.links(newId)).replaces.find((l) => l.id !== change.booking_id);
  if (already)
    throw new ConsoleError('validation_failed', {
      param: 'booking_id',
      message: `booking_id: ${name} replaces ${already.reference ?? already.id} already`,
    });
  await d.changeActions.link({
    bookingId: newId,
    replacesId: change.booking_id,
    changeId: change.id,
    by: user.email,
  });
  const who = agent(user);
  await d.timeline.record({
    bookingId: newId,
    kind: 'replaces',
    actor: who,
    summary: `Replaces ${change.reference ?? change.booking_id} (${KIND_WORDS[change.kind]}), linked by ${user.email}`,
    data: { booking_id: change.booking_id, change_id: change.id },
    dedupe: `replaces:${newId}:${change.booking_id}`,
  });
  await d.timeline.record({
    bookingId: change.booking_id,
    kind: 'replaced_by',
    actor: who,
    summary: `Replaced by ${entry.reference ?? newId}, linked by ${user.email}`,
    data: { booking_id: newId, change_id: change.id },
    dedupe: `replaced_by:${change.booking_id}:${newId}`,
  });
  return newId;
}

/** Tells the client: e-mailed to the booking's contact when asked (and the console can), else the agent copied it. */
async function tellClient(
  d: BookingsDeps,
  user: SignedInUser,
  change: BookingChange,
  body: ChangeActionRequest,
): Promise<string | null> {
  if (!body.send_email) return null;
  const message = await messageFor(d, user, change);
  if (!d.changes.mails)
    throw new ConsoleError('invalid_state', {
      param: 'send_email',
      message: 'The console has no mail server (SMTP_URL): copy the message and send it yourself.',
    });
  if (!message.to)
    throw new ConsoleError('invalid_state', {
      param: 'send_email',
      message: 'This booking has no e-mail address for its client: copy the message and send it yourself.',
    });
  await d.changes.mailClient({
    dedupe: `tell:${change.id}`,
    bookingId: change.booking_id,
    to: message.to,
    sender: user,
    subject: message.subject,
    text: message.text,
  });
  return message.to;
}

/** The client's address: the contact e-mail the ledger keeps among the booking's people. */
const addressOf = (entry: LedgerEntry | null) =>
  entry?.people.find((p) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(p)) ?? null;

const CLIENT_WORDS: Partial<Record<ChangeKind, string>> = {
  cancelled: 'has been cancelled by the supplier',
  refunded: 'has been cancelled and refunded by the supplier',
  unknown_to_service: 'can no longer be found with the supplier',
};

/** The message for the client: the booking's facts, in a few lines, to copy or e-mail. */
export async function messageFor(
  d: BookingsDeps,
  user: SignedInUser,
  change: BookingChange,
): Promise<ClientMessage> {
  const entry = await ledgerEntry(d, user, change.booking_id);
  const to = addressOf(entry);
  const names = (entry?.people ?? []).filter((p) => !p.includes('@'));
  const reference = change.reference ?? change.booking_id;
  const what = CLIENT_WORDS[change.kind] ?? 'has changed';
  const text = mailText([
    `Dear ${names[0] ?? 'client'},`,
    '',
    `Your ${change.product} booking ${reference} (${change.booking_summary || (entry?.summary ?? '')}) ${what}.`,
    ...(entry?.client_reference ? [`Your reference: ${entry.client_reference}.`] : []),
    ...(names.length > 0 ? [`Travellers: ${names.join(', ')}.`] : []),
    ...(change.kind === 'refunded' && entry ? [`The booking's total was ${shown(entry.total)}.`] : []),
    '',
    'We are on it and will come back to you with the options. Reply to this message if you have any question.',
    '',
    `${user.name ?? user.email}`,
  ]);
  return {
    to,
    subject: `Your booking ${reference} ${what}`,
    text,
    can_email: d.changes.mails && to !== null,
  };
}

/** The service's own quote before a cancel and refund, in words: what comes back, how, what is kept. */
export async function quoteFor(d: BookingsDeps, change: BookingChange): Promise<CancelQuote> {
  if (!change.actions.includes('cancel_refund')) mustOffer(change, 'cancel_refund');
  const { op } = d.upstream.service;
  const now = await readAndRefresh(d, { product: change.product, id: change.booking_id });
  const { status, total } = now.answer;
  const base = {
    booking_id: change.booking_id,
    product: change.product,
    status,
    total,
    expires_at: null,
    refund_type: null,
    lines: [],
  };
  if (PASSING.has(status.toLowerCase()) || OVER.has(status.toLowerCase()))
    throw new ConsoleError('invalid_state', {
      message: OVER.has(status.toLowerCase())
        ? `The booking is ${status} already: there is nothing to cancel.`
        : `The booking is ${status} on the service: its quote comes once that settles (a minute or so).`,
    });
  if (status === 'held')
    return {
      ...base,
      kind: 'hold_release',
      words: `Nothing was paid for this hold: cancelling it frees the ${shown(total)} held in the wallet. Nothing is kept.`,
      refund: null,
      penalty: null,
    };
  if (now.product === 'flight') {
    const quote = await op.getRefundQuote({ id: change.booking_id });
    const tickets = readKnownItems(RefundQuoteTicketSchema, quote.tickets).known;
    const refund =
      quote.total_refund ??
      (tickets.length > 0
        ? money(fromCents(tickets.reduce((sum, t) => sum + toCents(t.refund_amount.amount), 0n)))
        : null);
    const kept = refund ? money(fromCents(toCents(total.amount) - toCents(refund.amount))) : null;
    return {
      ...base,
      kind: 'refund_quote',
      words: refund
        ? `The airline refunds ${shown(refund)} of ${shown(total)} to the wallet; ${shown(kept)} is kept (its penalty).`
        : `The airline refunds the tickets to the wallet as its quote says; it does not say the amount before it is done.`,
      refund,
      penalty: kept,
      refund_type: quote.refund_type,
      lines: tickets.map((t) => ({
        label: `${t.passenger_name} · ticket ${t.ticket_number}`,
        refund: t.refund_amount,
      })),
    };
  }
  if (now.product === 'hotel') {
    const quote = await op.getCancellationQuote({ id: change.booking_id });
    const refund =
      quote.refund_amount ?? money(fromCents(toCents(total.amount) - toCents(quote.penalty.amount)));
    return {
      ...base,
      kind: 'cancellation_quote',
      words: `The hotel gives ${shown(refund)} of ${shown(total)} back to the wallet; ${shown(quote.penalty)} is kept (its cancellation penalty).`,
      refund,
      penalty: quote.penalty,
      expires_at: quote.expires_at,
    };
  }
  return {
    ...base,
    kind: 'none',
    words: `The activity service gives no quote before a cancellation: the console expects the booking’s ${shown(total)} back to the wallet, and the service says what it gave back only once it is cancelled.`,
    refund: null,
    penalty: null,
  };
}

/** Passengers, guests or customer read by meaning, whatever the service's shape: names, birth date, gender, type. */
function scalars(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    const name = `${prefix}${key}`.toLowerCase();
    if (typeof item === 'string') out[name] = item;
    else if (item && typeof item === 'object' && !Array.isArray(item)) scalars(item, `${name}.`, out);
  }
  return out;
}
const pick = (fields: Record<string, string>, pattern: RegExp) =>
  Object.entries(fields).find(([key]) => pattern.test(key))?.[1] ?? null;

function travellerOf(raw: unknown): RebookTraveller | null {
  const f = scalars(raw);
  const given = pick(f, /(^|\.)(given_name|first_name|first|given)$/);
  const family = pick(f, /(^|\.)(family_name|last_name|last|family|surname)$/);
  if (!given || !family) return null;
  const type = (pick(f, /(^|\.)(type|kind|ptc|category)$/) ?? 'adult').toLowerCase();
  return {
    type: /^(child|chd)/.test(type) ? 'child' : /^(infant|inf)/.test(type) ? 'infant' : 'adult',
    given_name: given,
    family_name: family,
    date_of_birth: pick(f, /(date_of_birth|birth|dob)/),
    gender: pick(f, /(gender|sex)$/),
    nationality: pick(f, /nationality$/),
  };
}
function contactOf(raw: unknown) {
  const f = scalars(raw);
  return { email: pick(f, /mail/), phone: pick(f, /(phone|tel)/) };
}
const dayOf = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

/** What a rebooking or a booking again starts from: the search as the booking had it, its travellers and contact. */
export async function planFor(
  d: BookingsDeps,
  user: SignedInUser,
  change: BookingChange,
): Promise<RebookPlan> {
  const action = change.kind === 'hold_lapsed' ? 'book_again' : 'rebook';
  if (!change.actions.includes(action)) mustOffer(change, action);
  const entry = await ledgerEntry(d, user, change.booking_id);
  let now: ServiceBooking;
  try {
    now = await readAndRefresh(d, { product: change.product, id: change.booking_id });
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404)
      throw new ConsoleError('invalid_state', {
        message: 'The service no longer knows this booking: search again by hand.',
      });
    throw error;
  }
  const missing: string[] = [];
  const plan = {
    change_id: change.id,
    booking_id: change.booking_id,
    action,
    product: change.product,
    client_reference: entry?.client_reference ?? null,
  } as const;
  if (now.product === 'flight') {
    const order = now.answer;
    const travellers = order.passengers.map(travellerOf).filter((t) => t !== null);
    const segs = order.segments.map((raw) => {
      const f = scalars(raw);
      const slice = raw && typeof raw === 'object' && 'slice_index' in raw ? Number(raw.slice_index) : null;
      return {
        origin: pick(f, /^(origin|from)(\.code|\.iata)?$/),
        destination: pick(f, /^(destination|to)(\.code|\.iata)?$/),
        depart: dayOf(pick(f, /depart/)),
        cabin: pick(f, /cabin/),
        slice,
      };
    });
    const first = segs[0];
    const outbound = segs.some((s) => s.slice !== null)
      ? segs.filter((s) => s.slice === 0)
      : segs.at(-1)?.destination === first?.origin && segs.length >= 2
        ? segs.slice(0, Math.ceil(segs.length / 2))
        : segs;
    const back = segs.slice(outbound.length)[0];
    const count = (type: RebookTraveller['type']) =>
      String(Math.max(type === 'adult' ? 1 : 0, travellers.filter((t) => t.type === type).length));
    const cabin = first?.cabin ?? null;
    if (!cabin) missing.push('cabin: the service does not say it; economy is proposed');
    if (travellers.some((t) => !t.date_of_birth)) missing.push('birth dates: the service does not show them');
    if (travellers.length < order.passengers.length)
      missing.push('some travellers’ names: the service shows them in a shape the console cannot read');
    const contact = contactOf(order.contact);
    return {
      ...plan,
      search: {
        from: first?.origin ?? '',
        to: outbound.at(-1)?.destination ?? '',
        depart: first?.depart ?? '',
        ...(back?.depart ? { return: back.depart } : {}),
        adults: count('adult'),
        children: count('child'),
        infants: count('infant'),
        cabin: cabin ?? 'economy',
      },
      travellers,
      contact,
      missing,
    };
  }
  if (now.product === 'hotel') {
    const order = now.answer;
    const rooms = order.rooms.map((room) => {
      const guests =
        room && typeof room === 'object' && 'guests' in room && Array.isArray(room.guests) ? room.guests : [];
      return guests.map(travellerOf).filter((t) => t !== null);
    });
    return {
      ...plan,
      search: {
        hotel_id: String(order.hotel.id),
        hotel_name: order.hotel.name,
        check_in: order.check_in,
        check_out: order.check_out,
        rooms: rooms
          .map((guests) => String(Math.max(1, guests.filter((g) => g.type !== 'child').length)))
          .join(','),
      },
      travellers: rooms.flat(),
      contact: contactOf(order.contact),
      missing,
    };
  }
  const booking = now.answer;
  const customer = travellerOf(booking.customer);
  if (!customer) missing.push('the customer’s name: the service shows it in a shape the console cannot read');
  return {
    ...plan,
    search: {
      product_type_id: booking.product_type_id,
      title: booking.title,
      ...(booking.product_id ? { product_id: booking.product_id } : {}),
      date: booking.date,
      ...(booking.timeslot ? { timeslot: booking.timeslot } : {}),
    },
    travellers: customer ? [customer] : [],
    contact: contactOf(booking.customer),
    missing,
  };
}
