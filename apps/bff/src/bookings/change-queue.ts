import type { BookingChange, BulkChangesResult } from '@console/contract';
import { ConsoleError } from '../platform/errors.ts';
import type { ScheduledJob } from '../platform/scheduler.ts';
import type { Actor } from '../platform/types.ts';
import type { BookingChanges, QueueScope } from './change-log.ts';
import { utcMinute } from './changes.ts';
import type { BookingsDeps } from './deps.ts';

/**
 * A team's queue of changes (decision 053): assigning, snoozing and handling a change, one at a time or several at
 * once, each written on the booking's timeline and in the audit log; and the job that wakes snoozed changes.
 */
type QueueDeps = Pick<BookingsDeps, 'changes' | 'timeline' | 'audit' | 'upstream'>;

const notFound = () =>
  new ConsoleError('resource_not_found', { param: 'id', message: 'No such change to act on in your reach.' });

/** The person a change may be given to, or 422 with the reason in words. */
async function assignee(d: QueueDeps, userId: string) {
  const found = await d.changes.assignable(userId);
  if ('refused' in found)
    throw new ConsoleError('validation_failed', { param: 'user_id', message: `user_id: ${found.refused}` });
  return found.person;
}

type Person = Awaited<ReturnType<typeof assignee>>;

/** Gives one change to a person: timeline, audit, and the person told (not when they took it themselves). */
async function assignOne(
  d: QueueDeps,
  id: string,
  to: Person,
  who: Actor,
  note: string,
  scope: QueueScope,
  bulk = false,
): Promise<BookingChange> {
  const assigned = await d.changes.assign(id, to.id, scope);
  if (!assigned) throw notFound();
  const { change, moved, from } = assigned;
  // A second press (it is theirs already) changes nothing and tells no one again.
  if (!moved) return change;
  const taken = to.id === who.id;
  await d.timeline.record({
    bookingId: change.booking_id,
    kind: 'change_assigned',
    actor: { kind: 'agent', who },
    summary: `${taken ? `Change taken by ${who.email}` : `Change assigned to ${to.name} (${to.email}) by ${who.email}`}${note ? `: ${note}` : ''}`,
    data: { change_id: change.id, from, to: to.id, note: note || null, ...(bulk ? { bulk: true } : {}) },
  });
  await d.audit.write(who, { action: 'change.assign', resourceId: change.id }, 'succeeded', 200, null);
  if (!taken) await d.changes.mailAssigned(change, to, who, note);
  return change;
}

async function handleOne(
  d: QueueDeps,
  id: string,
  who: Actor,
  note: string,
  scope: QueueScope,
  bulk = false,
): Promise<BookingChange> {
  const handled = await d.changes.handle(id, who, note, scope);
  if (!handled) throw notFound();
  await d.timeline.record({
    bookingId: handled.booking_id,
    kind: 'change_handled',
    actor: { kind: 'agent', who },
    summary: `Change handled by ${who.email}${note ? `: ${note}` : ''}`,
    data: { change_id: handled.id, note: note || null, ...(bulk ? { bulk: true } : {}) },
    // Handled once: a retried press writes no second event.
    dedupe: `change_handled:${handled.id}`,
  });
  await d.audit.write(who, { action: 'change.handle', resourceId: handled.id }, 'succeeded', 200, null);
  return handled;
}

export async function assignChange(
  d: QueueDeps,
  id: string,
  body: { user_id: string; note: string },
  who: Actor,
  scope: QueueScope,
): Promise<BookingChange> {
  // The change first: another agent's is 404 whoever it would go to.
  const change = await d.changes.reachable(id, scope);
  if (!change || change.state === 'handled') throw notFound();
  return assignOne(d, id, await assignee(d, body.user_id), who, body.note, scope);
}

export const handleChange = (d: QueueDeps, id: string, note: string, who: Actor, scope: QueueScope) =>
  handleOne(d, id, who, note, scope);

/** How far ahead a change may be snoozed (decision 053): a quarter, so no change is put out of sight for good. */
export const SNOOZE_DAYS = 90;

/** Snoozes a change until an instant still ahead on the service's clock, at most 90 days on (422 otherwise). */
export async function snoozeChange(
  d: QueueDeps,
  id: string,
  body: { until: string; note: string },
  who: Actor,
  scope: QueueScope,
): Promise<BookingChange> {
  const change = await d.changes.reachable(id, scope);
  if (!change || change.state === 'handled') throw notFound();
  const until = new Date(Date.parse(body.until)).toISOString();
  const now = d.upstream.clock.now();
  if (Date.parse(until) <= now)
    throw new ConsoleError('validation_failed', {
      param: 'until',
      message: `until: ${utcMinute(until)} UTC is not ahead: it is ${utcMinute(new Date(now).toISOString())} UTC on the service's clock. Choose a later time.`,
    });
  if (Date.parse(until) > now + SNOOZE_DAYS * 86_400_000)
    throw new ConsoleError('validation_failed', {
      param: 'until',
      message: `until: a change is snoozed at most ${SNOOZE_DAYS} days ahead, until ${utcMinute(new Date(now + SNOOZE_DAYS * 86_400_000).toISOString())} UTC on the service's clock. Choose an earlier time, or assign it to whoever will take it then.`,
    });
  const snoozed = await d.changes.snooze(id, until, scope);
  if (!snoozed) throw notFound();
  await d.timeline.record({
    bookingId: snoozed.booking_id,
    kind: 'change_snoozed',
    actor: { kind: 'agent', who },
    summary: `Change snoozed until ${utcMinute(until)} UTC by ${who.email}${body.note ? `: ${body.note}` : ''}`,
    data: { change_id: snoozed.id, until, note: body.note || null },
  });
  await d.audit.write(who, { action: 'change.snooze', resourceId: snoozed.id }, 'succeeded', 200, null);
  return snoozed;
}

/**
 * Several changes assigned or handled at once with one note (decision 053): each on its own, so one out of reach (or
 * handled already) is refused with its reason while the others go through. A person who cannot take changes refuses
 * the whole request (422): none of them could go to them.
 */
export async function bulkChanges(
  d: QueueDeps,
  body: { ids: string[]; action: 'assign' | 'handle'; user_id?: string | undefined; note: string },
  who: Actor,
  scope: QueueScope,
): Promise<BulkChangesResult> {
  const to = body.action === 'assign' ? await assignee(d, body.user_id ?? '') : null;
  const results: BulkChangesResult['results'] = [];
  for (const id of new Set(body.ids)) {
    try {
      const change = to
        ? await (async () => {
            const found = await d.changes.reachable(id, scope);
            if (!found || found.state === 'handled') throw notFound();
            return assignOne(d, id, to, who, body.note, scope, true);
          })()
        : await handleOne(d, id, who, body.note, scope, true);
      results.push({ id, outcome: 'done', change, error: null });
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      results.push({
        id,
        outcome: 'refused',
        change: null,
        error: { code: error.code, message: error.message },
      });
    }
  }
  return {
    done: results.filter((r) => r.outcome === 'done').length,
    refused: results.filter((r) => r.outcome === 'refused').length,
    results,
  };
}

/**
 * Snoozed changes whose time has come on the service's clock, open again (counted again), each written on its
 * booking's timeline once: within one jobs round of their time, on the instance holding the jobs' lease, and safe to
 * run twice (a conditional update per change, the timeline's dedupe key).
 */
export function wakeSnoozedChanges(d: {
  changes: BookingChanges;
  timeline: BookingsDeps['timeline'];
}): ScheduledJob<number> {
  return {
    name: 'snoozes',
    async run(keep) {
      let woken = 0;
      for (;;) {
        const batch = await d.changes.wakeDue(200);
        for (const change of batch)
          await d.timeline.record({
            bookingId: change.booking_id,
            kind: 'change_woke',
            actor: { kind: 'console' },
            summary: `Change back in the queue: its snooze ended at ${utcMinute(change.until)} UTC`,
            data: { change_id: change.id, until: change.until },
            dedupe: `change_woke:${change.id}:${change.until}`,
          });
        woken += batch.length;
        if (batch.length < 200 || !(await keep())) return woken;
      }
    },
  };
}
