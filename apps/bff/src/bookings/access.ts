import type { Environment, LedgerEntry } from '@console/contract';
import { createMiddleware } from 'hono/factory';
import { ConsoleError } from '../platform/errors.ts';
import { isPathId } from '../platform/parse.ts';
import type { AppEnv, SignedInUser } from '../platform/types.ts';
import type { BookingsDeps } from './deps.ts';
import type { Ledger } from './ledger.ts';

/** Admins, and agents granted office-wide access, see and act on every booking of the office (decision 015). */
export const seesOfficeWide = (user: SignedInUser): boolean => user.role === 'admin' || user.officeWide;

/** The bookings a user's lists are limited to: their own, unless they see the office's. */
export const ledgerScope = (user: SignedInUser) => (seesOfficeWide(user) ? {} : { agentId: user.id });

/** Whether a user may reach a booking made by this agent: their own, or any when they see the office's. */
export const mayReach = (user: SignedInUser, agentId: string): boolean =>
  seesOfficeWide(user) || agentId === user.id;

/**
 * "May this user reach this booking?", the one check (decision 015, widened by 053: a person holding one of its changes,
 * or covering for its agent who is away, reaches it too): the booking as the ledger has it when they may,
 * else 404 `resource_not_found` on `param` — as if it did not exist, since a 403 would confirm the id is a booking.
 */
export async function reachableBooking(
  ledger: Ledger,
  user: SignedInUser,
  id: string,
  environment: Environment,
  param = 'id',
): Promise<LedgerEntry> {
  const [entry] = await ledger.byIds([id], environment);
  if (
    !entry ||
    !(mayReach(user, entry.agent.id) || (await ledger.delegated(id, entry.agent.id, user.id, environment)))
  )
    throw new ConsoleError('resource_not_found', { param, message: 'No such booking.' });
  return entry;
}

/** A path to one booking (and what is under it): its product's collection and the booking's id. */
const BOOKING_PATH = /^\/api\/(?:flights\/orders|hotels\/orders|activities\/bookings)\/([^/]+)/;

/**
 * One booking, read or acted on through its id in the path: an agent reaches only the bookings they made (as the
 * ledger records them). Any other answers 404, as if it did not exist: a 403 would confirm the id is a booking.
 */
export function ownBookingsOnly(d: BookingsDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const match = BOOKING_PATH.exec(c.req.path);
    const user = c.get('user');
    if (match?.[1] && !seesOfficeWide(user)) {
      let id = match[1];
      try {
        id = decodeURIComponent(id);
      } catch {
        // not percent-encoded: the id as written
      }
      // An id no booking can have (control characters, spaces) is not looked up: it is no booking of theirs.
      const owner = isPathId(id) ? await d.ledger.owner(id) : undefined;
      // Or another agent's booking handed to them through the queue (decision 053): a change of it is theirs, or they
      // cover for its agent while that agent is away.
      if (
        !owner ||
        !(
          mayReach(user, owner.agent_id) ||
          (await d.changes.delegated(id, owner.agent_id, user.id, d.upstream.service.environment))
        )
      )
        throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such booking.' });
    }
    await next();
  });
}
