import type { ChangeAction, ChangeKind, ChangeOutcome } from '@console/contract';
import { isEnded } from './changes.ts';

/**
 * The actions that fit a change now (decision 054), in the order they are offered: what the change schema's `actions`
 * says wherever a change is shown, and what the actions' routes allow.
 */
export function actionsFor(change: {
  kind: ChangeKind;
  handled: boolean;
  /** The booking's status as the ledger has it (null: the ledger has no row). */
  bookingStatus: string | null;
  outcome: ChangeOutcome | null;
}): ChangeAction[] {
  const ended = change.bookingStatus === null || isEnded(change.bookingStatus);
  if (change.handled)
    // A rebooking's old booking: its cancel is offered once the new one is held, until it is done.
    return change.outcome?.action === 'rebook' && !change.outcome.cancelled && !ended
      ? ['cancel_refund']
      : [];
  switch (change.kind) {
    case 'schedule_change':
    case 'date_change':
      return ended ? [] : ['accept', 'rebook', 'cancel_refund'];
    case 'hold_lapsed':
      return ['book_again'];
    case 'cancelled':
    case 'refunded':
    case 'unknown_to_service':
      return ['tell_client'];
    default:
      return [];
  }
}
