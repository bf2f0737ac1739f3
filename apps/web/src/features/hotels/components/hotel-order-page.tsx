import {
  allowedTriggers,
  HOTEL_ORDER_MACHINE,
  HOTEL_ORDER_STATUSES,
  type HotelOrder,
  HotelOrderRoomSchema,
  isOneOf,
  readKnownItems,
} from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BookingChanges, ReadAt } from '../../../components/booking-changes.tsx';
import { BookingClientPrice } from '../../../components/client-price.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ContactValue } from '../../../components/contact-value.tsx';
import { Countdown } from '../../../components/countdown.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { BookingTrips } from '../../../components/office-parts.tsx';
import { OpenValue } from '../../../components/open-value.tsx';
import { notify } from '../../../components/toasts.tsx';
import { UnknownStatusNotice } from '../../../components/unknown-status.tsx';
import { latestActionError } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { usePageActions } from '../../../lib/page-actions.ts';
import { serviceNow } from '../../../lib/service-clock.ts';
import {
  cancellationQuoteQuery,
  hotelOrderKey,
  useCancelHotelOrder,
  useConfirmHotelOrder,
  useExtendDeadline,
  useHotelOrder,
} from '../api/hotels.ts';
import { useHotelClock } from '../hotel-clock.ts';
import { HotelTime, hotelTimeText } from './hotel-time.tsx';

type Pending = 'confirm' | 'extend' | 'cancel' | null;

export function HotelOrderPage() {
  const { orderId = '' } = useParams();
  const order = useHotelOrder(orderId);
  const live = useMe().data?.environment === 'live';
  if (order.isPending) return <p className="loading">Loading the hotel order…</p>;
  if (order.error) return <QueryErrorNotice query={order} title="Could not load this hotel order" />;
  return <HotelOrderView order={order.data} live={live} readAt={order.dataUpdatedAt} />;
}

function HotelOrderView({ order, live, readAt }: { order: HotelOrder; live: boolean; readAt: number }) {
  const [asking, setAsking] = useState<Pending>(null);
  const confirm = useConfirmHotelOrder(order.id);
  const extend = useExtendDeadline(order.id);
  const cancel = useCancelHotelOrder(order.id);
  const quote = useQuery({ ...cancellationQuoteQuery(order.id), enabled: asking === 'cancel' });
  const known = isOneOf(HOTEL_ORDER_STATUSES, order.status);
  const allowed = known ? allowedTriggers(HOTEL_ORDER_MACHINE, order.status) : [];
  const rooms = readKnownItems(HotelOrderRoomSchema, order.rooms);
  const error = latestActionError(confirm, extend, cancel);
  const client = useQueryClient();
  const close = () => setAsking(null);
  const clock = useHotelClock(order.hotel);
  const quoteExpired = quote.data ? Date.parse(quote.data.expires_at) <= serviceNow() : false;
  // The command palette offers the same buttons, opening the same confirmations.
  usePageActions([
    ...(allowed.includes('confirm')
      ? [{ id: 'confirm', label: `Confirm · ${formatMoney(order.total)}`, run: () => setAsking('confirm') }]
      : []),
    ...(allowed.includes('extend_deadline')
      ? [{ id: 'extend', label: 'Extend the deadline', run: () => setAsking('extend') }]
      : []),
    ...(allowed.includes('cancel')
      ? [{ id: 'cancel', label: 'Cancel booking…', run: () => setAsking('cancel') }]
      : []),
  ]);
  const lead = rooms.known[0]?.guests[0];

  return (
    <div className="page stack">
      <div className="page-head">
        <h1>
          Hotel order · {order.hotel.name}
          <span className="muted small">
            {' '}
            {order.confirmation_number
              ? `confirmation ${order.confirmation_number}`
              : `reference ${order.id}`}
          </span>
        </h1>
        <span className={`status-pill status-${order.status}`}>{order.status}</span>
        {order.status === 'held' && (
          <Countdown
            deadline={order.payment_deadline}
            label="Confirm within"
            onPassed={() => void client.invalidateQueries({ queryKey: hotelOrderKey(order.id) })}
          />
        )}
      </div>
      <p>
        <strong>{formatMoney(order.total)}</strong> · {order.hotel.name} · {order.nights} night
        {order.nights === 1 ? '' : 's'}, {order.check_in} to {order.check_out}
        {order.client_reference && <> · client reference {order.client_reference}</>}
        {order.penalty && <> · cancellation penalty {formatMoney(order.penalty)}</>}
      </p>
      <ReadAt readAt={readAt} />
      <BookingChanges bookingId={order.id} readAt={readAt} />
      <BookingClientPrice bookingId={order.id} />
      <BookingTrips
        bookingId={order.id}
        tripName={lead ? `${lead.family_name}, ${lead.given_name}` : `Stay at ${order.hotel.name}`}
      />
      {order.status === 'held' && (
        <p className="muted small">
          Payment deadline: <HotelTime at={order.payment_deadline} hotel={order.hotel} />. An unconfirmed hold
          is cancelled then.
        </p>
      )}
      {order.status === 'confirming' && (
        <p role="status" className="notice">
          The hotel is confirming the booking; this page updates by itself.
        </p>
      )}
      <dl className="facts">
        <dt>Order</dt>
        <dd>{order.id}</dd>
        <dt>Confirmation number</dt>
        <dd>{order.confirmation_number ?? 'Given once confirmed'}</dd>
        <dt>Voucher number</dt>
        <dd>{order.voucher_number ?? 'Given once confirmed'}</dd>
        <dt>Contact</dt>
        <dd>
          <ContactValue value={order.contact} />
        </dd>
        {order.note && (
          <>
            <dt>Note to the hotel</dt>
            <dd>{order.note}</dd>
          </>
        )}
        <dt>Cancellation</dt>
        <dd>{order.cancellation.policy_text}</dd>
      </dl>

      {!known && <UnknownStatusNotice status={order.status} what="order" />}
      <div className="row actions">
        {allowed.includes('confirm') && (
          <button type="button" className="button primary" onClick={() => setAsking('confirm')}>
            Confirm · {formatMoney(order.total)}
          </button>
        )}
        {allowed.includes('extend_deadline') && (
          <button type="button" className="button" onClick={() => setAsking('extend')}>
            Extend the deadline
          </button>
        )}
        {allowed.includes('cancel') && (
          <button type="button" className="button danger-outline" onClick={() => setAsking('cancel')}>
            Cancel booking…
          </button>
        )}
      </div>
      {error && <ErrorNotice error={error} title="That action did not go through" />}

      <section aria-labelledby="rooms-title">
        <h2 id="rooms-title">Rooms and guests</h2>
        {rooms.known.length > 0 && (
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Room</th>
                <th scope="col">Board</th>
                <th scope="col">Guests</th>
              </tr>
            </thead>
            <tbody>
              {rooms.known.map((room, i) => (
                <tr key={`room-${i + 1}`}>
                  <th scope="row">
                    Room {i + 1}
                    {room.name ? `: ${room.name}` : ''}
                  </th>
                  <td>{room.board ?? 'Room only'}</td>
                  <td>
                    {room.guests
                      .map(
                        (g) =>
                          `${g.title ? `${g.title[0]?.toUpperCase()}${g.title.slice(1)} ` : ''}${g.given_name} ${g.family_name}${g.type === 'child' ? ' (child)' : ''}`,
                      )
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {rooms.unknown.length > 0 && <OpenValue value={rooms.unknown} />}
      </section>

      <ConfirmDialog
        isOpen={asking === 'confirm'}
        onOpenChange={(open) => !open && close()}
        title="Confirm this booking?"
        confirmLabel={`Confirm for ${formatMoney(order.total)}`}
        live={live}
        pending={confirm.isPending}
        onConfirm={() =>
          confirm.mutate(undefined, {
            onSuccess: (o) => {
              notify(
                o.status === 'confirmed' ? 'Booking confirmed' : 'Confirmation under way',
                o.confirmation_number ? `Confirmation number ${o.confirmation_number}.` : undefined,
              );
              close();
            },
            onError: close,
          })
        }
      >
        <p>
          {formatMoney(order.total)} will be paid from the wallet for {order.hotel.name}, {order.check_in} to{' '}
          {order.check_out}.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={asking === 'extend'}
        onOpenChange={(open) => !open && close()}
        title="Extend the payment deadline?"
        confirmLabel="Extend the deadline"
        live={live}
        pending={extend.isPending}
        onConfirm={() =>
          extend.mutate(undefined, {
            onSuccess: (r) => {
              notify('Deadline extended', `Confirm by ${hotelTimeText(r.payment_deadline, clock)}.`);
              close();
            },
            onError: close,
          })
        }
      >
        <p>
          The hold stays and {formatMoney(order.total)} stays reserved in the wallet. The deadline is now{' '}
          <HotelTime at={order.payment_deadline} hotel={order.hotel} />; the hotel moves it later, up to three
          times.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={asking === 'cancel'}
        onOpenChange={(open) => !open && close()}
        title="Cancel this booking?"
        confirmLabel={
          quote.data ? `Cancel with penalty ${formatMoney(quote.data.penalty)}` : 'Cancel booking'
        }
        live={live}
        pending={cancel.isPending || quote.isPending || quoteExpired}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (o) => {
              notify('Booking cancelled', o.penalty ? `Penalty ${formatMoney(o.penalty)}.` : 'No penalty.');
              close();
            },
            onError: close,
          })
        }
      >
        {quote.isPending && <p>Getting the cancellation quote…</p>}
        {quote.error && <QueryErrorNotice query={quote} title="Could not get a cancellation quote" />}
        {quote.data && (
          <div className="stack">
            <dl className="facts">
              <dt>Penalty</dt>
              <dd>
                <strong>{formatMoney(quote.data.penalty)}</strong>
              </dd>
              {quote.data.refund_amount && (
                <>
                  <dt>Back to the wallet</dt>
                  <dd>{formatMoney(quote.data.refund_amount)}</dd>
                </>
              )}
            </dl>
            {quoteExpired ? (
              <p className="notice">
                This quote has expired.{' '}
                <button type="button" className="button" onClick={() => void quote.refetch()}>
                  Get a new quote
                </button>
              </p>
            ) : (
              <Countdown deadline={quote.data.expires_at} label="This quote holds for" urgentMinutes={1} />
            )}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
