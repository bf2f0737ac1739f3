import {
  ACTIVITY_BOOKING_MACHINE,
  type ActivityBooking,
  BreakdownLineSchema,
  CustomerSchema,
  readKnown,
  readKnownItems,
} from '@console/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BookingFrame, BookingLoad, payAction } from '../../../components/booking-frame.tsx';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { OpenValue } from '../../../components/open-value.tsx';
import { latestActionError } from '../../../lib/api.ts';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
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

const ALL = <Link to="/activities/bookings">All activity bookings</Link>;

export function ActivityBookingPage() {
  const { bookingId = '' } = useParams();
  return (
    <BookingLoad
      query={useActivityBooking(bookingId)}
      loading="Loading the activity booking…"
      failed="Could not load this activity booking"
      back={ALL}
    >
      {(booking, readAt) => <BookingView booking={booking} readAt={readAt} />}
    </BookingLoad>
  );
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
    <table className="data frame-rows">
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
            <td data-label="Issued">{whenLocal(voucher.generated_at)}</td>
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

function BookingView({ booking, readAt }: { booking: ActivityBooking; readAt: number }) {
  const [asking, setAsking] = useState<string | null>(null);
  const confirm = useConfirmActivityBooking(booking.id);
  const cancel = useCancelActivityBooking(booking.id);
  const breakdown = readKnownItems(BreakdownLineSchema, booking.breakdown);
  const c = readKnown(CustomerSchema, booking.customer);
  // The service's booking may not echo the phone: the one the console sent, then.
  const phoneSent = usePhoneAsSent(booking.id);
  const refund = booking.status === 'confirmed' || booking.status === 'issued';
  const total = formatMoney(booking.total);

  return (
    <BookingFrame
      title={`Activity booking ${booking.code ?? booking.id}`}
      what="booking"
      booking={booking}
      machine={ACTIVITY_BOOKING_MACHINE}
      queryKey={activityBookingKey(booking.id)}
      deadline={
        booking.hold_expires_at
          ? {
              at: booking.hold_expires_at,
              label: 'Confirm within',
              urgentMinutes: 5,
              note: `The hold ends ${whenLocal(booking.hold_expires_at)}; an unconfirmed hold is released then.`,
            }
          : null
      }
      facts={[
        booking.title,
        `${booking.date}${booking.timeslot ? ` at ${booking.timeslot}` : ', any time that day'}`,
      ]}
      readAt={readAt}
      tripName={c ? `${c.family_name}, ${c.given_name}` : booking.title}
      asking={asking}
      onAsking={setAsking}
      error={latestActionError(confirm, cancel)}
      more={ALL}
      actions={[
        payAction(
          'confirm',
          'Confirm',
          'booking',
          booking.total,
          ` for ${booking.title} on ${booking.date}.`,
          () =>
            confirm
              .mutateAsync(undefined)
              .then(() => ({ title: 'Booking confirmed.', detail: 'The vouchers follow in a moment.' })),
        ),
        {
          trigger: 'cancel',
          label: 'Cancel booking…',
          tone: 'danger',
          ask: {
            title: 'Cancel this booking?',
            confirmLabel: 'Cancel booking',
            body: (
              <p>
                {refund
                  ? `The booking is paid: cancelling refunds ${total} to the wallet and voids the vouchers.`
                  : `The hold is released and ${total} is no longer reserved in the wallet.`}
              </p>
            ),
          },
          run: () =>
            cancel.mutateAsync(undefined).then((b) => ({
              title: 'Booking cancelled.',
              detail: b.status === 'refunded' ? 'The amount is refunded.' : 'The hold is released.',
            })),
        },
      ]}
    >
      <div className="grid-2">
        <section aria-labelledby="breakdown-title">
          <h2 id="breakdown-title">Price</h2>
          <table className="data frame-rows">
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
                  <td data-label="Quantity">{line.quantity}</td>
                  <td data-label="Each">{line.unit_price ? formatMoney(line.unit_price) : '—'}</td>
                  <td data-label="Amount">{formatMoney(line.amount)}</td>
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
    </BookingFrame>
  );
}
