import {
  BookingChangeSchema,
  bookingsApi,
  type ChangeAction,
  type ChangeActionRequest,
  changesApi,
  type Product,
  type RebookPlan,
  RebookPlanSchema,
} from '@console/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, newIdempotencyKey } from './api.ts';
import { forget, keep, recall } from './remembered.ts';

/**
 * The actions beside a change (decision 054): what to read before one (the service's quote, the client's message, the
 * search a rebooking starts from), the press itself under an Idempotency-Key kept until it has an answer, and the
 * links between a booking and the one that replaced it.
 */

export const ACTION_LABELS: Record<ChangeAction, string> = {
  accept: 'Client accepts the new times',
  rebook: 'Rebook',
  cancel_refund: 'Cancel and refund',
  book_again: 'Book again',
  tell_client: 'Tell the client',
};

export const cancelQuoteQuery = (changeId: string) =>
  queryOptions({
    queryKey: ['changes', 'quote', changeId],
    queryFn: ({ signal }) => call(changesApi.quote, { params: { id: changeId }, signal }),
    staleTime: 0,
    retry: false,
  });

export const clientMessageQuery = (changeId: string) =>
  queryOptions({
    queryKey: ['changes', 'message', changeId],
    queryFn: ({ signal }) => call(changesApi.message, { params: { id: changeId }, signal }),
    retry: false,
  });

export const bookingLinksQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['changes', 'links', bookingId],
    queryFn: ({ signal }) => call(bookingsApi.links, { params: { id: bookingId }, signal }),
  });
export const useBookingLinks = (bookingId: string) => useQuery(bookingLinksQuery(bookingId));

/** After an action: the changes, the links, and the bookings and wallet it may have moved, read again. */
function afterAction(client: QueryClient) {
  for (const key of [
    ['changes'],
    ['bookings'],
    ['wallet'],
    ['flights'],
    ['hotels'],
    ['activities'],
    ['trips'],
  ])
    void client.invalidateQueries({ queryKey: key });
}

/** Keys of presses not yet answered, for this tab: the same press sent again (a lost answer) carries the same key. */
const PRESS = 'change-press';

/** Presses an action; its key is kept until a definitive answer, so a retry after a lost answer is the same press. */
export async function pressChangeAction(changeId: string, action: ChangeAction, body: ChangeActionRequest) {
  const scope = `${changeId}:${action}:${JSON.stringify(body)}`;
  const key = recall(PRESS, scope, BookingChangeSchema.shape.id) ?? newIdempotencyKey();
  keep(PRESS, scope, key);
  const change = await call(changesApi.act, {
    params: { id: changeId, action },
    body,
    idempotencyKey: key,
  });
  keep(PRESS, scope, null);
  return change;
}

export function useChangeAction(changeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: ChangeAction; body: ChangeActionRequest }) =>
      pressChangeAction(changeId, action, body),
    onSettled: () => afterAction(client),
  });
}

/** The plan a rebooking starts from, kept for this tab so the search and the book page fill from it. */
const PLAN = 'rebook-plan';
export async function startRebooking(changeId: string): Promise<RebookPlan> {
  const plan = await call(changesApi.plan, { params: { id: changeId } });
  keep(PLAN, changeId, plan);
  return plan;
}

/** The plan of the rebooking a URL carries (`rebook=<change id>`), if this tab started it. */
export function rebookingOf(params: URLSearchParams): RebookPlan | null {
  const id = params.get('rebook');
  return id ? recall(PLAN, id, RebookPlanSchema) : null;
}

/** The search's URL a plan opens, with the `rebook` marker that the book pages carry to the hold. */
export function rebookSearchPath(plan: RebookPlan): string {
  const s = plan.search;
  const marker = { rebook: plan.change_id };
  const query = (values: Record<string, string | undefined>) =>
    new URLSearchParams(
      Object.entries({ ...values, ...marker }).filter((e): e is [string, string] => Boolean(e[1])),
    ).toString();
  if (plan.product === 'flight')
    return `/flights?${query({
      from: s.from,
      to: s.to,
      depart: s.depart,
      return: s.return,
      adults: s.adults,
      children: s.children,
      infants: s.infants,
      cabin: s.cabin,
    })}`;
  if (plan.product === 'hotel')
    return `/hotels/${encodeURIComponent(s.hotel_id ?? '')}?${query({
      in: s.check_in,
      out: s.check_out,
      rooms: s.rooms,
      name: s.hotel_name,
    })}`;
  // A service that does not say the activity's product: its search, by the activity's title.
  if (!s.product_id) return `/activities?${query({ q: s.title })}`;
  return `/activities/${encodeURIComponent(s.product_id ?? '')}?${query({ type: s.product_type_id, date: s.date, slot: s.timeslot })}`;
}

/**
 * Once the new booking is held: it replaces the old one (the same key for the same pair, so twice is once). Only a
 * rebooking this tab started (its plan kept by `startRebooking`, for this change): a `rebook=` marker in a link someone
 * else made presses nothing.
 */
export async function linkRebooking(params: URLSearchParams, booking: { id: string; product?: Product }) {
  const plan = rebookingOf(params);
  const changeId = params.get('rebook');
  if (!changeId || plan?.change_id !== changeId) return null;
  if (booking.product && booking.product !== plan.product) return null;
  const linked = await call(changesApi.act, {
    params: { id: changeId, action: plan.action },
    body: { booking_id: booking.id, note: '' },
    idempotencyKey: `link-${changeId}-${booking.id}`,
  });
  // Answered: the rebooking is over, and its marker in this tab's history links nothing more.
  forget(PLAN, changeId);
  return linked;
}
