import type { ActivityAnswersSent } from '@console/contract';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { type AnswerShown, answersShown } from '../answers-shown.ts';
import { useActivityAnswers, useAvailability } from '../api/activities.ts';
import './sent-answers.css';

function Answers({ answers }: { answers: AnswerShown[] }) {
  return (
    <dl className="facts sent-answers-list">
      {answers.map((a) => (
        <div key={a.id} className="sent-answer">
          <dt>{a.question}</dt>
          <dd>{a.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

function Shown({ sent }: { sent: ActivityAnswersSent }) {
  // The questions of the booked date, for their own words (the same read as the booking form's).
  const asked = useAvailability(sent.date ? sent.product_type_id : null, sent.date);
  if (asked.isPending && sent.date && sent.product_type_id)
    return <p className="loading">Reading the activity’s questions…</p>;
  const shown = answersShown(sent, asked.data?.booking_options ?? null);
  if (shown.perBooking.length === 0 && shown.travellers.length === 0)
    return (
      <p className="muted">
        No answers were sent: the activity asked nothing, or nothing that was optional was answered.
      </p>
    );
  return (
    <>
      {asked.error && (
        <p className="muted small">
          The activity’s questions could not be read now: each answer is named by its question’s id, as sent.
        </p>
      )}
      {shown.perBooking.length > 0 && (
        <section aria-labelledby="sent-booking-title" className="card stack">
          <h3 id="sent-booking-title">About the booking</h3>
          <Answers answers={shown.perBooking} />
        </section>
      )}
      {shown.travellers.length > 0 && (
        <div className="sent-travellers">
          {shown.travellers.map((traveller, i) => (
            <section key={traveller.label} aria-labelledby={`sent-traveller-${i}`} className="card stack">
              <h3 id={`sent-traveller-${i}`}>{traveller.label}</h3>
              <Answers answers={traveller.answers} />
            </section>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * The answers the console sent with the booking, in the activity's words (decision 044): the service's booking does
 * not echo them. A booking made before the console kept them says so rather than showing nothing as if none were given.
 */
export function SentAnswers({ bookingId }: { bookingId: string }) {
  const sent = useActivityAnswers(bookingId);
  return (
    <section aria-labelledby="answers-title" className="stack sent-answers">
      <h2 id="answers-title">Answers sent</h2>
      {sent.isPending ? (
        <p className="loading">Reading what was sent…</p>
      ) : sent.error ? (
        <QueryErrorNotice query={sent} title="Could not read the answers sent" />
      ) : sent.data.kept ? (
        <Shown sent={sent.data} />
      ) : (
        <p className="muted">
          Nothing was kept of what was sent for this booking: it was made before the console kept the answers,
          or outside the console.
        </p>
      )}
    </section>
  );
}

/** The customer's phone: the service's when it says one, else the one the console sent (or that none was sent). */
export function usePhoneAsSent(bookingId: string): string {
  const sent = useActivityAnswers(bookingId);
  if (sent.isPending) return '…';
  if (!sent.data) return 'Could not be read';
  if (!sent.data.kept) return 'Not kept for this booking';
  return sent.data.customer?.phone ?? 'Not given';
}
