import { CHANGE_EMAIL_CHOICES, type ChangeEmail } from '@console/contract';
import { useState } from 'react';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import './change-emails.css';
import { agentLocale, agentTimeZone } from '../../../lib/time-zone.ts';
import { useNotifications, useSetNotifications } from '../api/account.ts';

const CHOICES: Record<ChangeEmail, { label: string; detail: string }> = {
  immediate: {
    label: 'At once',
    detail: 'An e-mail for each change, within minutes of the console seeing it.',
  },
  daily: {
    label: 'A daily digest',
    detail: 'One e-mail a day, at 07:00 UTC (DIGEST your time), with the changes since the last one.',
  },
  none: { label: 'No e-mail', detail: 'The Changes list and its count in the top bar only.' },
};

/** 07:00 UTC, when the daily digest goes, on the agent's clock (decision 049). */
function digestHere(): string {
  const at = new Date();
  at.setUTCHours(7, 0, 0, 0);
  return new Intl.DateTimeFormat(agentLocale(), {
    timeZone: agentTimeZone(),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/**
 * How one hears by e-mail that a booking changed by itself (decision 037): at once, a daily digest, or not at all.
 * The Changes list is there whatever the choice; saved as soon as it is made.
 */
export function ChangeEmails() {
  const settings = useNotifications();
  const save = useSetNotifications();
  // What the person chose shows at once; a choice that was not saved goes back to what is.
  const [chosen, setChosen] = useState<ChangeEmail | null>(null);
  if (settings.error) return <QueryErrorNotice query={settings} title="Could not load your e-mail choice" />;
  const current = chosen ?? settings.data?.change_email;
  return (
    <section aria-labelledby="change-emails-title" className="card stack">
      <h2 id="change-emails-title">E-mails about your bookings’ changes</h2>
      <p className="muted small">
        When an airline moves a flight, a supplier cancels or a hold lapses on one of your bookings.
      </p>
      <fieldset className="stack choice-list" disabled={!settings.data}>
        <legend className="visually-hidden">Send me</legend>
        {CHANGE_EMAIL_CHOICES.map((choice) => (
          <label key={choice} className="choice">
            <input
              type="radio"
              name="change_email"
              value={choice}
              checked={current === choice}
              onChange={() => {
                setChosen(choice);
                save.mutate({ change_email: choice }, { onError: () => setChosen(null) });
              }}
            />
            <span>
              <strong>{CHOICES[choice].label}</strong>
              <br />
              <span className="muted small">{CHOICES[choice].detail.replace('DIGEST', digestHere())}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {save.error && <ErrorNotice error={save.error} title="Your choice was not saved" />}
      {save.isSuccess && (
        <p role="status" className="muted small">
          Saved.
        </p>
      )}
    </section>
  );
}
