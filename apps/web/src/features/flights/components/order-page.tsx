import {
  allowedTriggers,
  FLIGHT_ORDER_MACHINE,
  FLIGHT_ORDER_STATUSES,
  type FlightOrder,
  isOneOf,
  OrderNoteSchema,
  OrderPassengerSchema,
  OrderSegmentSchema,
  RefundQuoteTicketSchema,
  readKnown,
  readKnownItems,
  travellerFromPassenger,
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
import { BookedTraveller, BookingTrips } from '../../../components/office-parts.tsx';
import { OpenValue } from '../../../components/open-value.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { UnknownStatusNotice } from '../../../components/unknown-status.tsx';
import { latestActionError } from '../../../lib/api.ts';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { usePageActions } from '../../../lib/page-actions.ts';
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

type Pending = 'ticket' | 'cancel' | 'refund' | null;

export function OrderPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const live = useMe().data?.environment === 'live';
  if (order.isPending) return <p className="loading">Loading the order…</p>;
  if (order.error) return <QueryErrorNotice query={order} title="Could not load this order" />;
  return <OrderView order={order.data} live={live} readAt={order.dataUpdatedAt} />;
}

function OrderView({ order, live, readAt }: { order: FlightOrder; live: boolean; readAt: number }) {
  const [confirming, setConfirming] = useState<Pending>(null);
  const ticket = useTicket(order.id);
  const cancel = useCancelHold(order.id);
  const refund = useRefund(order.id);
  const quote = useQuery({ ...refundQuoteQuery(order.id), enabled: confirming === 'refund' });
  const known = isOneOf(FLIGHT_ORDER_STATUSES, order.status);
  const allowed = known ? allowedTriggers(FLIGHT_ORDER_MACHINE, order.status) : [];
  const passengers = readKnownItems(OrderPassengerSchema, order.passengers);
  const segments = readKnownItems(OrderSegmentSchema, order.segments);
  const tickets = quote.data ? readKnownItems(RefundQuoteTicketSchema, quote.data.tickets) : null;
  const error = latestActionError(ticket, cancel, refund);
  const client = useQueryClient();
  const close = () => setConfirming(null);
  // The command palette offers the same buttons, opening the same confirmations.
  usePageActions([
    ...(allowed.includes('ticket')
      ? [{ id: 'ticket', label: `Ticket · ${formatMoney(order.total)}`, run: () => setConfirming('ticket') }]
      : []),
    ...(allowed.includes('cancel')
      ? [{ id: 'cancel', label: 'Cancel hold', run: () => setConfirming('cancel') }]
      : []),
    ...(allowed.includes('refund')
      ? [{ id: 'refund', label: 'Refund…', run: () => setConfirming('refund') }]
      : []),
  ]);
  const lead = passengers.known[0];

  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Flight order {order.booking_reference ?? order.id}</h1>
        <span className={`status-pill status-${order.status}`}>{order.status}</span>
        {order.status === 'held' && (
          <Countdown
            deadline={order.ticketing_deadline}
            label="Ticket within"
            onPassed={() => void client.invalidateQueries({ queryKey: orderKey(order.id) })}
          />
        )}
      </div>
      <p>
        <strong>{formatMoney(order.total)}</strong> · validating airline {order.validating_airline}
        {order.client_reference && <> · client reference {order.client_reference}</>}
        {order.refunded_amount && <> · refunded {formatMoney(order.refunded_amount)}</>}
      </p>
      <ReadAt readAt={readAt} />
      <BookingChanges bookingId={order.id} readAt={readAt} />
      <BookingClientPrice bookingId={order.id} />
      <BookingTrips
        bookingId={order.id}
        tripName={
          lead ? `${lead.family_name}, ${lead.given_name}` : `Trip of ${order.booking_reference ?? order.id}`
        }
      />
      {order.status === 'held' && (
        <p className="muted small">
          Ticketing deadline: {whenLocal(order.ticketing_deadline)}. An unticketed hold is cancelled then.
        </p>
      )}
      {order.status === 'ticketing' && (
        <p role="status" className="notice">
          The airline is issuing the tickets…
        </p>
      )}
      {!known && <UnknownStatusNotice status={order.status} what="order" />}
      {error && <ErrorNotice error={error} />}
      <div className="actions">
        {allowed.includes('ticket') && (
          <button type="button" className="button primary" onClick={() => setConfirming('ticket')}>
            Ticket · {formatMoney(order.total)}
          </button>
        )}
        {allowed.includes('cancel') && (
          <button type="button" className="button" onClick={() => setConfirming('cancel')}>
            Cancel hold
          </button>
        )}
        {allowed.includes('refund') && (
          <button type="button" className="button" onClick={() => setConfirming('refund')}>
            Refund…
          </button>
        )}
      </div>

      <section className="card" aria-label="Passengers">
        <h2>Passengers</h2>
        {passengers.known.length > 0 && (
          <table className="data">
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
                  <td>{p.type}</td>
                  <td>{p.date_of_birth ?? '—'}</td>
                  <td>
                    {p.document
                      ? `${p.document.number} (${p.document.country_code}, expires ${p.document.expires_on})`
                      : '—'}
                  </td>
                  <td>{p.ticket_number ?? '—'}</td>
                  <td>
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
          <table className="data">
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
                  <td>
                    <PlaceTime code={s.origin} at={s.departing_at} />
                  </td>
                  <td>
                    <PlaceTime code={s.destination} at={s.arriving_at} from={s.departing_at} />
                  </td>
                  <td>{s.aircraft_name}</td>
                  <td>
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

      <ConfirmDialog
        isOpen={confirming === 'ticket'}
        onOpenChange={(open) => !open && close()}
        title="Ticket this order?"
        confirmLabel={`Ticket for ${formatMoney(order.total)}`}
        live={live}
        pending={ticket.isPending}
        onConfirm={() =>
          ticket.mutate(undefined, {
            onSuccess: () => {
              notify('Ticketing started', 'The tickets will appear here in a few seconds.');
              close();
            },
            onError: close,
          })
        }
      >
        <p>
          {formatMoney(order.total)} will be paid from the wallet, and the airline will issue{' '}
          {order.passengers.length} ticket{order.passengers.length === 1 ? '' : 's'}.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={confirming === 'cancel'}
        onOpenChange={(open) => !open && close()}
        title="Cancel this hold?"
        confirmLabel="Cancel the hold"
        live={live}
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              notify('Hold cancelled', `${formatMoney(order.total)} released in the wallet.`);
              close();
            },
            onError: close,
          })
        }
      >
        <p>
          The seats are released and {formatMoney(order.total)} is freed in the wallet. This cannot be undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={confirming === 'refund'}
        onOpenChange={(open) => !open && close()}
        title="Refund this order?"
        confirmLabel={quote.data?.total_refund ? `Refund ${formatMoney(quote.data.total_refund)}` : 'Refund'}
        live={live}
        pending={refund.isPending || quote.isPending}
        onConfirm={() =>
          // The refund type the service offered in its quote goes back as it came (its meaning is the service's).
          refund.mutate(quote.data ? { refund_type: quote.data.refund_type } : {}, {
            onSuccess: (r) => {
              notify(
                'Refund requested',
                r.amount ? `${formatMoney(r.amount)} back to the wallet.` : undefined,
              );
              close();
            },
            onError: close,
          })
        }
      >
        {quote.isPending && <p>Getting the refund quote…</p>}
        {quote.error && <QueryErrorNotice query={quote} title="Could not get a refund quote" />}
        {tickets && (
          <table className="data">
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
                  <td>{t.passenger_name}</td>
                  <td>{formatMoney(t.fare)}</td>
                  <td>{formatMoney(t.penalty)}</td>
                  <td>{formatMoney(t.refund_amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {tickets && tickets.unknown.length > 0 && <OpenValue value={tickets.unknown} />}
      </ConfirmDialog>
    </div>
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
