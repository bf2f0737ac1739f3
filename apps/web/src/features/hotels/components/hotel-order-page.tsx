import {
  HOTEL_ORDER_MACHINE,
  type HotelOrder,
  HotelOrderRoomSchema,
  readKnownItems,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BookingFrame, BookingLoad, payAction } from '../../../components/booking-frame.tsx';
import { ContactValue } from '../../../components/contact-value.tsx';
import { Countdown } from '../../../components/countdown.tsx';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { OpenValue } from '../../../components/open-value.tsx';
import { latestActionError } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/format.ts';
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

export function HotelOrderPage() {
  const { orderId = '' } = useParams();
  return (
    <BookingLoad
      query={useHotelOrder(orderId)}
      loading="Loading the hotel order…"
      failed="Could not load this hotel order"
    >
      {(order, readAt) => <HotelOrderView order={order} readAt={readAt} />}
    </BookingLoad>
  );
}

function HotelOrderView({ order, readAt }: { order: HotelOrder; readAt: number }) {
  const [asking, setAsking] = useState<string | null>(null);
  const confirm = useConfirmHotelOrder(order.id);
  const extend = useExtendDeadline(order.id);
  const cancel = useCancelHotelOrder(order.id);
  const quote = useQuery({ ...cancellationQuoteQuery(order.id), enabled: asking === 'cancel' });
  const rooms = readKnownItems(HotelOrderRoomSchema, order.rooms);
  const clock = useHotelClock(order.hotel);
  const quoteExpired = quote.data ? Date.parse(quote.data.expires_at) <= serviceNow() : false;
  const lead = rooms.known[0]?.guests[0];

  return (
    <BookingFrame
      title={
        <>
          Hotel order · {order.hotel.name}
          <span className="muted small">
            {' '}
            {order.confirmation_number
              ? `confirmation ${order.confirmation_number}`
              : `reference ${order.id}`}
          </span>
        </>
      }
      what="order"
      booking={order}
      machine={HOTEL_ORDER_MACHINE}
      queryKey={hotelOrderKey(order.id)}
      deadline={{
        at: order.payment_deadline,
        label: 'Confirm within',
        note: (
          <>
            Payment deadline: <HotelTime at={order.payment_deadline} hotel={order.hotel} />. An unconfirmed
            hold is cancelled then.
          </>
        ),
      }}
      facts={[
        order.hotel.name,
        `${order.nights} night${order.nights === 1 ? '' : 's'}, ${order.check_in} to ${order.check_out}`,
        order.penalty && `cancellation penalty ${formatMoney(order.penalty)}`,
      ]}
      readAt={readAt}
      tripName={lead ? `${lead.family_name}, ${lead.given_name}` : `Stay at ${order.hotel.name}`}
      progress={
        order.status === 'confirming' && 'The hotel is confirming the booking; this page updates by itself.'
      }
      asking={asking}
      onAsking={setAsking}
      error={latestActionError(confirm, extend, cancel)}
      actions={[
        payAction(
          'confirm',
          'Confirm',
          'booking',
          order.total,
          ` for ${order.hotel.name}, ${order.check_in} to ${order.check_out}.`,
          () =>
            confirm.mutateAsync(undefined).then((o) => ({
              title: o.status === 'confirmed' ? 'Booking confirmed.' : 'Confirmation under way.',
              detail: o.confirmation_number ? `Confirmation number ${o.confirmation_number}.` : undefined,
            })),
        ),
        {
          trigger: 'extend_deadline',
          label: 'Extend the deadline',
          ask: {
            title: 'Extend the payment deadline?',
            confirmLabel: 'Extend the deadline',
            body: (
              <p>
                The hold stays and {formatMoney(order.total)} stays reserved in the wallet. The deadline is
                now <HotelTime at={order.payment_deadline} hotel={order.hotel} />; the hotel moves it later,
                up to three times.
              </p>
            ),
          },
          run: () =>
            extend.mutateAsync(undefined).then((r) => ({
              title: 'Deadline extended.',
              detail: `Confirm by ${hotelTimeText(r.payment_deadline, clock)}.`,
            })),
        },
        {
          trigger: 'cancel',
          label: 'Cancel booking…',
          tone: 'danger',
          ask: {
            title: 'Cancel this booking?',
            confirmLabel: quote.data
              ? `Cancel with penalty ${formatMoney(quote.data.penalty)}`
              : 'Cancel booking',
            waiting: quote.isPending || quoteExpired,
            body: (
              <>
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
                      <Countdown
                        deadline={quote.data.expires_at}
                        label="This quote holds for"
                        urgentMinutes={1}
                      />
                    )}
                  </div>
                )}
              </>
            ),
          },
          run: () =>
            cancel.mutateAsync(undefined).then((o) => ({
              title: 'Booking cancelled.',
              detail: o.penalty ? `Penalty ${formatMoney(o.penalty)}.` : 'No penalty.',
            })),
        },
      ]}
    >
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

      <section aria-labelledby="rooms-title">
        <h2 id="rooms-title">Rooms and guests</h2>
        {rooms.known.length > 0 && (
          <table className="data frame-rows">
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
                  <td data-label="Board">{room.board ?? 'Room only'}</td>
                  <td data-label="Guests">
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
    </BookingFrame>
  );
}
