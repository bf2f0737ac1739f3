import {
  ACTIVITY_BOOKING_MACHINE,
  ACTIVITY_BOOKING_STATUSES,
  type ActivityBooking,
  allowedTriggers,
  BreakdownLineSchema,
  CustomerSchema,
  isOneOf,
  readKnown,
  readKnownItems,
} from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BookingChanges, ReadAt } from '../../../components/booking-changes.tsx';
import { BookingClientPrice } from '../../../components/client-price.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Countdown } from '../../../components/countdown.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { BookingTrips } from '../../../components/office-parts.tsx';
import { OpenValue } from '../../../components/open-value.tsx';
import { notify } from '../../../components/toasts.tsx';
import { UnknownStatusNotice } from '../../../components/unknown-status.tsx';
import { latestActionError } from '../../../lib/api.ts';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { usePageActions } from '../../../lib/page-actions.ts';
import {
  activityBookingKey,
  useActivityBooking,
  useCancelActivityBooking,
  useConfirmActivityBooking,
  useVouchers,
  voucherUrl,
} from '../api/activities.ts';
import { describeTravelers } from '../travellers.ts';
import { SentAnswers, usePhoneAsSent } from './sent-answers.tsx';

export function ActivityBookingPage() {
  const { bookingId = '' } = useParams();
  const booking = useActivityBooking(bookingId);
  const live = useMe().data?.environment === 'live';
  if (booking.isPending) return <p className="loading">Loading the activity booking…</p>;
  if (booking.error)
    return (
      <div className="page stack">
        <QueryErrorNotice query={booking} title="Could not load this activity booking" />
        <Link to="/activities/bookings">All activity bookings</Link>
      </div>
    );
  return <BookingView booking={booking.data} live={live} readAt={booking.dataUpdatedAt} />;
}

const SALUTATION: Record<string, string> = { mr: 'Mr', mrs: 'Mrs', ms: 'Ms', mx: 'Mx', dr: 'Dr' };

function Vouchers({ booking }: { booking: ActivityBooking }) {
  const vouchers = useVouchers(booking);
  if (booking.status === 'held')
    return <p className="muted">Vouchers are issued once the booking is confirmed.</p>;
  if (booking.status === 'cancelled' || booking.status === 'refunded')
    return <p className="muted">No vouchers: the booking is {booking.status}.</p>;
  if (vouchers.error) return <QueryErrorNotice query={vouchers} title="Could not list the vouchers" />;
  const list = vouchers.data?.data ?? [];
  if (list.length === 0)
    return (
      <p role="status" className="notice">
        The supplier is issuing the vouchers; they appear here by themselves.
      </p>
    );
  return (
    <table className="data">
      <thead>
        <tr>
          <th scope="col">Voucher</th>
          <th scope="col">Issued</th>
          <th scope="col">File</th>
        </tr>
      </thead>
      <tbody>
        {list.map((voucher) => (
          <tr key={voucher.id}>
            <th scope="row">{voucher.visual_id}</th>
            <td>{whenLocal(voucher.generated_at)}</td>
            <td className="row">
              <a className="button" href={voucherUrl(booking.id, voucher.id)} download>
                Download PDF<span className="visually-hidden"> of voucher {voucher.visual_id}</span>
              </a>
              <a href={voucherUrl(booking.id, voucher.id, true)} target="_blank" rel="noopener">
                View<span className="visually-hidden"> voucher {voucher.visual_id} (opens a new tab)</span>
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function BookingView({ booking, live, readAt }: { booking: ActivityBooking; live: boolean; readAt: number }) {
  const [asking, setAsking] = useState<'confirm' | 'cancel' | null>(null);
  const confirm = useConfirmActivityBooking(booking.id);
  const cancel = useCancelActivityBooking(booking.id);
  const known = isOneOf(ACTIVITY_BOOKING_STATUSES, booking.status);
  const allowed = known ? allowedTriggers(ACTIVITY_BOOKING_MACHINE, booking.status) : [];
  const breakdown = readKnownItems(BreakdownLineSchema, booking.breakdown);
  const error = latestActionError(confirm, cancel);
  const client = useQueryClient();
  const close = () => setAsking(null);
  const c = readKnown(CustomerSchema, booking.customer);
  // The service's booking may not echo the phone: the one the console sent, then.
  const phoneSent = usePhoneAsSent(booking.id);
  const refund = booking.status === 'confirmed' || booking.status === 'issued';
  // The command palette offers the same buttons, opening the same confirmations.
  usePageActions([
    ...(allowed.includes('confirm')
      ? [{ id: 'confirm', label: `Confirm · ${formatMoney(booking.total)}`, run: () => setAsking('confirm') }]
      : []),
    ...(allowed.includes('cancel')
      ? [{ id: 'cancel', label: 'Cancel booking…', run: () => setAsking('cancel') }]
      : []),
  ]);

  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Activity booking {booking.code ?? booking.id}</h1>
        <span className={`status-pill status-${booking.status}`}>{booking.status}</span>
        {booking.status === 'held' && booking.hold_expires_at && (
          <Countdown
            deadline={booking.hold_expires_at}
            label="Confirm within"
            urgentMinutes={5}
            onPassed={() => void client.invalidateQueries({ queryKey: activityBookingKey(booking.id) })}
          />
        )}
      </div>
      <p>
        <strong>{formatMoney(booking.total)}</strong> · {booking.title} · {booking.date}
        {booking.timeslot ? ` at ${booking.timeslot}` : ', any time that day'}
        {booking.client_reference && <> · client reference {booking.client_reference}</>}
      </p>
      <ReadAt readAt={readAt} />
      <BookingChanges bookingId={booking.id} readAt={readAt} />
      <BookingClientPrice bookingId={booking.id} />
      <BookingTrips
        bookingId={booking.id}
        tripName={c ? `${c.family_name}, ${c.given_name}` : booking.title}
      />
      {booking.status === 'held' && booking.hold_expires_at && (
        <p className="muted small">
          The hold ends {whenLocal(booking.hold_expires_at)}; an unconfirmed hold is released then.
        </p>
      )}
      {!known && <UnknownStatusNotice status={booking.status} what="booking" />}
      <div className="row actions">
        {allowed.includes('confirm') && (
          <button type="button" className="button primary" onClick={() => setAsking('confirm')}>
            Confirm · {formatMoney(booking.total)}
          </button>
        )}
        {allowed.includes('cancel') && (
          <button type="button" className="button danger-outline" onClick={() => setAsking('cancel')}>
            Cancel booking…
          </button>
        )}
        <Link to="/activities/bookings">All activity bookings</Link>
      </div>
      {error && <ErrorNotice error={error} title="That action did not go through" />}

      <div className="grid-2">
        <section aria-labelledby="breakdown-title">
          <h2 id="breakdown-title">Price</h2>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantity</th>
                <th scope="col">Each</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {breakdown.known.map((line) => (
                <tr key={`${line.category}-${line.label}`}>
                  <th scope="row">{line.label}</th>
                  <td>{line.quantity}</td>
                  <td>{line.unit_price ? formatMoney(line.unit_price) : '—'}</td>
                  <td>{formatMoney(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td>
                  <strong>{formatMoney(booking.total)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
          {breakdown.unknown.length > 0 && <OpenValue value={breakdown.unknown} />}
        </section>
        <section aria-labelledby="customer-title">
          <h2 id="customer-title">Customer</h2>
          <dl className="facts">
            {c ? (
              <>
                <dt>Name</dt>
                <dd>
                  {c.salutation ? `${SALUTATION[c.salutation] ?? c.salutation} ` : ''}
                  {c.given_name} {c.family_name}
                </dd>
                <dt>Email</dt>
                <dd>{c.email}</dd>
                <dt>Phone</dt>
                <dd>{c.phone ?? phoneSent}</dd>
              </>
            ) : (
              <>
                <dt>Customer</dt>
                <dd>
                  <OpenValue value={booking.customer} />
                </dd>
                {/* The service's own shape of the customer: the phone the console sent, beside it. */}
                <dt>Phone</dt>
                <dd>{phoneSent}</dd>
              </>
            )}
            {booking.travelers && (
              <>
                <dt>Travellers</dt>
                <dd>{describeTravelers(booking.travelers)}</dd>
              </>
            )}
            <dt>Booking id</dt>
            <dd>{booking.id}</dd>
            <dt>Booked</dt>
            <dd>{whenLocal(booking.created_at)}</dd>
          </dl>
        </section>
      </div>
      <SentAnswers bookingId={booking.id} />
      <section aria-labelledby="vouchers-title" className="stack">
        <h2 id="vouchers-title">Vouchers</h2>
        <Vouchers booking={booking} />
      </section>

      <ConfirmDialog
        isOpen={asking === 'confirm'}
        onOpenChange={(open) => !open && close()}
        title="Confirm this booking?"
        confirmLabel={`Confirm for ${formatMoney(booking.total)}`}
        live={live}
        pending={confirm.isPending}
        onConfirm={() =>
          confirm.mutate(undefined, {
            onSuccess: () => {
              notify('Booking confirmed', 'The vouchers follow in a moment.');
              close();
            },
            onError: close,
          })
        }
      >
        <p>
          {formatMoney(booking.total)} will be paid from the wallet for {booking.title} on {booking.date}.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={asking === 'cancel'}
        onOpenChange={(open) => !open && close()}
        title="Cancel this booking?"
        confirmLabel="Cancel booking"
        live={live}
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (b) => {
              notify(
                'Booking cancelled',
                b.status === 'refunded' ? 'The amount is refunded.' : 'The hold is released.',
              );
              close();
            },
            onError: close,
          })
        }
      >
        <p>
          {refund
            ? `The booking is paid: cancelling refunds ${formatMoney(booking.total)} to the wallet and voids the vouchers.`
            : `The hold is released and ${formatMoney(booking.total)} is no longer reserved in the wallet.`}
        </p>
      </ConfirmDialog>
    </div>
  );
}
