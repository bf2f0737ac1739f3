import {
  ACTIVITY_OPERATIONS,
  FLIGHT_OPERATIONS,
  HOTEL_OPERATIONS,
  type LedgerEntry,
  type RadarAction,
} from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { afterMoneyMoved, api } from '../../lib/api.ts';
import { opPath } from '../../lib/operations.ts';

// Apart from api.ts: the shell's deadline notices read the radar, and must not load every product's operations.

/** The operation each radar action is, per product (the same the order pages call). */
function actionPath(entry: LedgerEntry, action: RadarAction): string | null {
  const params = { id: entry.id };
  if (entry.product === 'flight' && action === 'ticket')
    return opPath(FLIGHT_OPERATIONS, 'ticketFlightOrder', params);
  if (entry.product === 'hotel' && action === 'confirm')
    return opPath(HOTEL_OPERATIONS, 'confirmHotelOrder', params);
  if (entry.product === 'hotel' && action === 'extend')
    return opPath(HOTEL_OPERATIONS, 'extendHotelDeadline', params);
  if (entry.product === 'activity' && action === 'confirm')
    return opPath(ACTIVITY_OPERATIONS, 'confirmActivityBooking', params);
  return null;
}

/** Stops (or moves) a clock from the radar: the same calls the order pages make. */
export function useClockAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, action }: { entry: LedgerEntry; action: RadarAction }) => {
      const path = actionPath(entry, action);
      if (path === null) throw new Error(`${action} is not an action on a ${entry.product} booking`);
      // Any answer will do: the radar and the order pages read the booking again afterwards.
      return api(path, { method: 'POST', schema: z.looseObject({}) });
    },
    onSettled: () => {
      afterMoneyMoved(client);
      void client.invalidateQueries({ queryKey: ['hotels', 'orders'] });
      void client.invalidateQueries({ queryKey: ['activities', 'bookings'] });
      void client.invalidateQueries({ queryKey: ['flights', 'orders'] });
    },
  });
}
