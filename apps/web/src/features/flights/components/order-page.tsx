import {
  FLIGHT_ORDER_MACHINE,
  type FlightOrder,
  OrderNoteSchema,
  OrderPassengerSchema,
  OrderSegmentSchema,
  RefundQuoteTicketSchema,
  readKnown,
  readKnownItems,
  travellerFromPassenger,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BookingFrame, BookingLoad, payAction } from '../../../components/booking-frame.tsx';
import { ContactValue } from '../../../components/contact-value.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { BookedTraveller } from '../../../components/office-parts.tsx';
import { OpenValue } from '../../../components/open-value.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { latestActionError } from '../../../lib/api.ts';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import {
  orderKey,
  refundQuoteQuery,
  useAddNote,
  useCancelHold,
  useOrder,
  useRefund,
  useTicket,
} from '../api/orders.ts';
import { PlaceTime } from './place-time.tsx';

export function OrderPage() {
  const { orderId = '' } = useParams();
  return (
    <BookingLoad query={useOrder(orderId)} loading="Loading the order…" failed="Could not load this order">
      {(order, readAt) => <OrderView order={order} readAt={readAt} />}
    </BookingLoad>
  );
}

function OrderView({ order, readAt }: { order: FlightOrder; readAt: number }) {
  const [asking, setAsking] = useState<string | null>(null);
  const ticket = useTicket(order.id);
  const cancel = useCancelHold(order.id);
  const refund = useRefund(order.id);
  const quote = useQuery({ ...refundQuoteQuery(order.id), enabled: asking === 'refund' });
  const passengers = readKnownItems(OrderPassengerSchema, order.passengers);
  const segments = readKnownItems(OrderSegmentSchema, order.segments);
  const tickets = quote.data ? readKnownItems(RefundQuoteTicketSchema, quote.data.tickets) : null;
  const lead = passengers.known[0];

  return (
    <BookingFrame
      title={`Flight order ${order.booking_reference ?? order.id}`}
      what="order"
      booking={order}
      machine={FLIGHT_ORDER_MACHINE}
      queryKey={orderKey(order.id)}
      deadline={{
        at: order.ticketing_deadline,
        label: 'Ticket within',
        note: `Ticketing deadline: ${whenLocal(order.ticketing_deadline)}. An unticketed hold is cancelled then.`,
      }}
      facts={[
        `validating airline ${order.validating_airline}`,
        order.refunded_amount && `refunded ${formatMoney(order.refunded_amount)}`,
      ]}
      readAt={readAt}
      tripName={
        lead ? `${lead.family_name}, ${lead.given_name}` : `Trip of ${order.booking_reference ?? order.id}`
      }
      progress={order.status === 'ticketing' && 'The airline is issuing the tickets…'}
      asking={asking}
      onAsking={setAsking}
      error={latestActionError(ticket, cancel, refund)}
      actions={[
        payAction(
          'ticket',
          'Ticket',
          'order',
          order.total,
          `, and the airline will issue ${order.passengers.length} ticket${order.passengers.length === 1 ? '' : 's'}.`,
          () =>
            ticket.mutateAsync(undefined).then(() => ({
              title: 'Ticketing started.',
              detail: 'The tickets will appear here in a few seconds.',
            })),
        ),
        {
          trigger: 'cancel',
          label: 'Cancel hold',
          ask: {
            title: 'Cancel this hold?',
            confirmLabel: 'Cancel the hold',
            body: (
              <p>
                The seats are released and {formatMoney(order.total)} is freed in the wallet. This cannot be
                undone.
              </p>
            ),
          },
          run: () =>
            cancel.mutateAsync(undefined).then(() => ({
              title: 'Hold cancelled.',
              detail: `${formatMoney(order.total)} released in the wallet.`,
            })),
        },
        {
          trigger: 'refund',
          label: 'Refund…',
          ask: {
            title: 'Refund this order?',
            confirmLabel: quote.data?.total_refund
              ? `Refund ${formatMoney(quote.data.total_refund)}`
              : 'Refund',
            waiting: quote.isPending,
            body: (
              <>
                {quote.isPending && <p>Getting the refund quote…</p>}
                {quote.error && <QueryErrorNotice query={quote} title="Could not get a refund quote" />}
                {tickets && (
                  <table className="data frame-rows">
                    <thead>
                      <tr>
                        <th>Ticket</th>
                        <th>Passenger</th>
                        <th>Fare</th>
                        <th>Penalty</th>
                        <th>Refund</th>
                      </tr>
                    </thead>
                    <tbody>
                      {tickets.known.map((t) => (
                        <tr key={t.ticket_number}>
                          <td>{t.ticket_number}</td>
                          <td data-label="Passenger">{t.passenger_name}</td>
                          <td data-label="Fare">{formatMoney(t.fare)}</td>
                          <td data-label="Penalty">{formatMoney(t.penalty)}</td>
                          <td data-label="Refund">{formatMoney(t.refund_amount)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {tickets && tickets.unknown.length > 0 && <OpenValue value={tickets.unknown} />}
              </>
            ),
          },
          run: () =>
            // The refund type the service offered in its quote goes back as it came (its meaning is the service's).
            refund.mutateAsync(quote.data ? { refund_type: quote.data.refund_type } : {}).then((r) => ({
              title: 'Refund requested.',
              detail: r.amount ? `${formatMoney(r.amount)} back to the wallet.` : undefined,
            })),
        },
      ]}
    >
      <section className="card" aria-label="Passengers">
        <h2>Passengers</h2>
        {passengers.known.length > 0 && (
          <table className="data frame-rows">
            <thead>
              <tr>
                <th>Name</th>
                <th>Type</th>
                <th>Date of birth</th>
                <th>Document</th>
                <th>Ticket</th>
                <th>Directory</th>
              </tr>
            </thead>
            <tbody>
              {passengers.known.map((p) => (
                <tr key={p.id}>
                  <td>
                    {p.given_name} {p.family_name}
                  </td>
                  <td data-label="Type">{p.type}</td>
                  <td data-label="Date of birth">{p.date_of_birth ?? '—'}</td>
                  <td data-label="Document">
                    {p.document
                      ? `${p.document.number} (${p.document.country_code}, expires ${p.document.expires_on})`
                      : '—'}
                  </td>
                  <td data-label="Ticket">{p.ticket_number ?? '—'}</td>
                  <td data-label="Directory">
                    <BookedTraveller
                      bookingId={order.id}
                      traveller={
                        p.date_of_birth
                          ? travellerFromPassenger({ ...p, date_of_birth: p.date_of_birth })
                          : null
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {passengers.unknown.length > 0 && <OpenValue value={passengers.unknown} />}
        <div className="small muted">
          Contact: <ContactValue value={order.contact} />
        </div>
      </section>

      <section className="card" aria-label="Flights">
        <h2>Flights</h2>
        {segments.known.length > 0 && (
          <table className="data frame-rows">
            <thead>
              <tr>
                <th>Flight</th>
                <th>Departs</th>
                <th>Arrives</th>
                <th>Aircraft</th>
                <th>Cabin · baggage</th>
              </tr>
            </thead>
            <tbody>
              {segments.known.map((s) => (
                <tr key={`${s.flight_number}-${s.departing_at}`}>
                  <td>{s.flight_number}</td>
                  <td data-label="Departs">
                    <PlaceTime code={s.origin} at={s.departing_at} />
                  </td>
                  <td data-label="Arrives">
                    <PlaceTime code={s.destination} at={s.arriving_at} from={s.departing_at} />
                  </td>
                  <td data-label="Aircraft">{s.aircraft_name}</td>
                  <td data-label="Cabin · baggage">
                    {s.cabin_class.replace('_', ' ')} · {s.baggage.checked}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {segments.unknown.length > 0 && <OpenValue value={segments.unknown} />}
      </section>

      <Notes order={order} />
    </BookingFrame>
  );
}

function Notes({ order }: { order: FlightOrder }) {
  const [text, setText] = useState('');
  const add = useAddNote(order.id);
  return (
    <section className="card" aria-label="Notes">
      <h2>Notes</h2>
      {order.notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul>
          {order.notes.map((note, index) => {
            const n = readKnown(OrderNoteSchema, note);
            return (
              <li key={index}>
                {n ? (
                  <>
                    {n.text} <span className="muted small">{whenLocal(n.created_at)}</span>
                  </>
                ) : (
                  <OpenValue value={note} />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) add.mutate(text.trim(), { onSuccess: () => setText('') });
        }}
      >
        <TextField label="Add a note" value={text} onChange={setText} />
        <button type="submit" className="button" disabled={add.isPending || !text.trim()}>
          Add note
        </button>
      </form>
      {add.error && <ErrorNotice error={add.error} title="The note was not saved" />}
    </section>
  );
}
