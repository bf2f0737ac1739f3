import type { BookingChange } from '@console/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import { useAssignChange } from '../lib/changes.ts';
import { focusAfter } from '../lib/focus-after.ts';
import { whenLocal } from '../lib/format.ts';
import { useMe } from '../lib/me.ts';
import { ErrorNotice } from './error-notice.tsx';
import { notify } from './toasts.tsx';
import './change-queue.css';

const AssignDialog = lazy(() =>
  import('./change-queue-dialogs.tsx').then((m) => ({ default: m.AssignDialog })),
);
const SnoozeDialog = lazy(() =>
  import('./change-queue-dialogs.tsx').then((m) => ({ default: m.SnoozeDialog })),
);

/**
 * After a move on a change: focus on the next change's first move (or the one before), else the list's message
 * (decision 046).
 */
function focusOnward(from: HTMLElement | null) {
  const list = from?.closest('[data-changes]');
  const cards = [...(list?.querySelectorAll('article.change') ?? [])];
  const at = cards.findIndex((card) => from && card.contains(from));
  const moves = (card: Element | undefined) => card?.querySelector('.queue-moves button, [data-change-note]');
  focusAfter(moves(cards[at + 1]), moves(cards[at - 1]), list?.querySelector('[data-changes-message]'));
}

/**
 * Where a change stands in the team's queue and its moves (decision 053), on its card: whose it is (or nobody's),
 * until when it sleeps, and Assign…, Take it and Snooze… while it is still to handle.
 */
export function ChangeQueue({ change }: { change: BookingChange }) {
  const me = useMe().data?.user;
  const [dialog, setDialog] = useState<'assign' | 'snooze' | null>(null);
  const take = useAssignChange();
  const root = useRef<HTMLDivElement>(null);
  const mine = me !== undefined && change.assignee?.id === me.id;
  const whose = change.assignee
    ? mine
      ? 'Yours'
      : `${change.assignee.name || change.assignee.email}’s`
    : 'Unassigned';
  const done = (words: string) => {
    setDialog(null);
    notify(words);
    // Once the dialog has given focus back: on to the next change's moves (this one may leave the list).
    const from = root.current;
    setTimeout(() => focusOnward(from), 0);
  };
  return (
    <div className="change-queue" ref={root}>
      <p className="small">
        <span className={change.assignee ? 'queue-owner' : 'queue-owner unassigned'}>{whose}</span>
        {change.state === 'snoozed' && change.snoozed_until && (
          <span className="muted"> · snoozed until {whenLocal(change.snoozed_until)}</span>
        )}
      </p>
      {change.state !== 'handled' && (
        <div className="row queue-moves">
          {!mine && me && (
            <button
              type="button"
              className="button"
              disabled={take.isPending}
              onClick={() =>
                take.mutate(
                  { id: change.id, user_id: me.id, note: '' },
                  { onSuccess: () => done('Taken: it is yours.') },
                )
              }
            >
              Take it
            </button>
          )}
          <button type="button" className="button" onClick={() => setDialog('assign')}>
            Assign…
          </button>
          <button type="button" className="button" onClick={() => setDialog('snooze')}>
            Snooze…
          </button>
        </div>
      )}
      {take.error && <ErrorNotice error={take.error} title="Not taken" />}
      <Suspense fallback={null}>
        {dialog === 'assign' && (
          <AssignDialog changes={[change]} onClose={() => setDialog(null)} onDone={done} />
        )}
        {dialog === 'snooze' && (
          <SnoozeDialog change={change} onClose={() => setDialog(null)} onDone={done} />
        )}
      </Suspense>
    </div>
  );
}
