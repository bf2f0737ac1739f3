import { useId, useMemo, useState } from 'react';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { Field } from '../../../components/field.tsx';
import { useMe } from '../../../lib/me.ts';
import {
  agentLocale,
  browserTimeZone,
  instantIn,
  knownTimeZones,
  setAgentTimeZone,
} from '../../../lib/time-zone.ts';
import { useSetTimeZone } from '../api/account.ts';

/**
 * The time zone the console's own times are shown in (decision 049): when a booking was made, seen or handled, the
 * audit log, the statements. By default the browser's, said as such; a zone chosen here is kept with the person, so
 * it follows them to every browser. A flight's or a hotel's times stay in the place's own clock whatever is chosen.
 */
export function TimeZoneSetting() {
  const me = useMe();
  const save = useSetTimeZone();
  const listId = useId();
  const zones = useMemo(knownTimeZones, []);
  const browser = browserTimeZone();
  const chosen = me.data?.user.time_zone ?? null;
  const [text, setText] = useState(chosen ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const store = (zone: string | null) => {
    setProblem(null);
    save.mutate(
      { time_zone: zone },
      {
        onSuccess: (saved) => {
          setAgentTimeZone(saved.time_zone);
          setText(saved.time_zone ?? '');
        },
      },
    );
  };
  const submit = () => {
    const wanted = text.trim();
    if (wanted === '') return store(null);
    // The list's own spelling, whatever the case typed ("europe/paris" is Europe/Paris).
    const listed = zones.find((zone) => zone.toLowerCase() === wanted.toLowerCase());
    if (!listed) {
      setProblem(
        `“${wanted}” is not a time zone in the list. Type a city, such as Paris or New York, and choose one.`,
      );
      return;
    }
    store(listed);
  };

  const shown = chosen ?? browser;
  return (
    <section aria-labelledby="time-zone-title" className="card stack">
      <h2 id="time-zone-title">Time zone</h2>
      <p className="muted small">
        When bookings were made, seen and handled, the audit log and the statements are shown in this zone.
        Flight and hotel times stay in the place’s own time.
      </p>
      <p data-testid="time-zone-now">
        Now showing times in <strong>{shown}</strong>
        {chosen ? '' : ' (your browser’s)'}: it is{' '}
        {instantIn(Date.now(), { timeZone: shown, locale: agentLocale() })} there.
      </p>
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field
          label="Time zone"
          description={`Leave empty for your browser’s (${browser}).`}
          error={problem ?? undefined}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              list={listId}
              value={text}
              placeholder={browser}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                setText(event.target.value);
                setProblem(null);
              }}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <datalist id={listId}>
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <button type="submit" className="button primary" disabled={save.isPending}>
          Save time zone
        </button>
        {chosen && (
          <button type="button" className="button" disabled={save.isPending} onClick={() => store(null)}>
            Use my browser’s ({browser})
          </button>
        )}
      </form>
      {save.error && <ErrorNotice error={save.error} title="Your time zone was not saved" />}
      {save.isSuccess && (
        <p role="status" className="muted small">
          Saved: times are shown in {save.data.time_zone ?? `your browser’s zone (${browser})`}.
        </p>
      )}
    </section>
  );
}
