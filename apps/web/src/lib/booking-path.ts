import type { LedgerEntry } from '@console/contract';

const enc = encodeURIComponent;

/** Where a booking's own page is. */
export function orderPath(entry: Pick<LedgerEntry, 'id' | 'product'>): string {
  switch (entry.product) {
    case 'flight':
      return `/flights/orders/${enc(entry.id)}`;
    case 'hotel':
      return `/hotels/orders/${enc(entry.id)}`;
    case 'activity':
      return `/activities/bookings/${enc(entry.id)}`;
  }
}
