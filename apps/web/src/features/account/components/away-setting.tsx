import type { Colleague } from '@console/contract';
import { useRef, useState } from 'react';
import { ColleagueCombobox, readWhen, WhenFields } from '../../../components/change-queue-dialogs.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { focusAfter } from '../../../lib/focus-after.ts';
import { whenLocal } from '../../../lib/format.ts';
import { useAway, useSetAway } from '../api/account.ts';

/**
 * Away until a day and time, covered by a colleague (decision 053): meanwhile one's new changes and hold reminders go
 * to them, with the e-mails. Said as it is ("Away until …, covered by …"), with the way back.
 */
export function AwaySetting() {
  const away = useAway();
  const save = useSetAway();
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState('18:00');
  const [cover, setCover] = useState<Colleague | null>(null);
  const [problem, setProblem] = useState<{ when?: string; cover?: string }>({});
  const heading = useRef<HTMLHeadingElement>(null);
  if (away.error) return <QueryErrorNotice query={away} title="Could not load whether you are away" />;
  const now = away.data?.away;
  const settled = () => setTimeout(() => focusAfter(heading.current), 0);
  return (
    <section aria-labelledby="away-title" className="card stack">
      <h2 id="away-title" ref={heading} tabIndex={-1}>
        Away
      </h2>
      {now ? (
        <>
          <p role="status">
            Away until <strong>{whenLocal(now.until)}</strong>, covered by <strong>{now.cover.name}</strong>{' '}
            <span className="muted small">({now.cover.email})</span>. Your new changes and hold reminders go
            to them.
          </p>
          <div className="row">
            <button
              type="button"
              className="button"
              disabled={save.isPending}
              onClick={() => save.mutate(null, { onSuccess: settled })}
            >
              I am back
            </button>
          </div>
        </>
      ) : (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            const when = readWhen(date, time);
            const next = {
              ...('problem' in when ? { when: when.problem } : {}),
              ...(cover ? {} : { cover: 'Choose who covers for you.' }),
            };
            setProblem(next);
            if ('problem' in when || !cover) return;
            save.mutate({ until: when.at, cover_user_id: cover.id }, { onSuccess: settled });
          }}
        >
          <p className="muted small">
            Going away? Name a colleague: until then your new changes and hold reminders go to them, with the
            e-mails.
          </p>
          <WhenFields
            dateLabel="Away until"
            date={date}
            time={time}
            onDate={setDate}
            onTime={setTime}
            error={problem.when}
          />
          <ColleagueCombobox label="Covered by" value={cover} onChange={setCover} error={problem.cover} />
          <div className="row">
            <button type="submit" className="button primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Set away'}
            </button>
          </div>
        </form>
      )}
      {save.error && <ErrorNotice error={save.error} title="Not saved" />}
    </section>
  );
}
