import type { Ref } from 'react';
import { Link } from 'react-router';
import type { NextStep } from '../lib/agent-words.ts';
import { useAgentWords } from '../lib/agent-words-lazy.ts';
import { ApiError, UnreadableAnswer } from '../lib/api.ts';
import { OpenValue } from './open-value.tsx';

/** A next step a page can take for an error: a link, or a button. */
export type NextStepAction = { label: string; to: string } | { label: string; onClick: () => void };

/** Steps any page can offer without being told how. */
const EVERYWHERE: Partial<Record<NextStep, NextStepAction>> = {
  reload: { label: 'Reload the page', onClick: () => window.location.reload() },
  'sign-in': { label: 'Sign in again', to: '/sign-in' },
};

/**
 * An error from /api in an agent's words (lib/agent-words.ts): what happened, the service's own detail when it adds
 * something (field names, not paths), what to do, the next step as a button where the page can take it, and the
 * reference to quote.
 */
export function ErrorNotice({
  error,
  title = 'That did not work',
  retry,
  next,
  ref,
}: {
  error: unknown;
  title?: string;
  /** For what is safe to repeat (a search, a read): the button that tries again. */
  retry?: { label: string; onClick: () => void };
  /** The next steps this page can take (search again, see current rates, top up). */
  next?: Partial<Record<NextStep, NextStepAction>>;
  /** Given, the notice can take the focus (the result of an action that was refused). */
  ref?: Ref<HTMLDivElement>;
}) {
  const api = error instanceof ApiError ? error : null;
  const unreadable = error instanceof UnreadableAnswer;
  // The words load after the first paint (lib/agent-words-lazy.ts); until then the error's own message stands.
  const lexicon = useAgentWords();
  const read =
    api && !unreadable && lexicon
      ? lexicon.agentWordsOf({ code: api.code, status: api.status, message: api.message, param: api.param })
      : null;
  const words = !api
    ? null
    : unreadable
      ? { say: api.message, todo: 'Open the booking from the bookings desk to see its latest state.' }
      : (read?.words ?? null);
  const said = words?.say ?? (error instanceof Error ? error.message : 'Something went wrong.');
  const detail = read?.detail ?? null;
  const step = words?.next ? (next?.[words.next] ?? EVERYWHERE[words.next]) : undefined;
  return (
    <div role="alert" className="notice notice-error" ref={ref} tabIndex={ref ? -1 : undefined}>
      <strong>{title}</strong>
      <p>{said}</p>
      {detail && detail !== said && <p>{detail}</p>}
      {unreadable && <OpenValue value={error.raw} />}
      {words && <p className="muted">{words.todo}</p>}
      {api?.requestId && <p className="muted small">Reference: {api.requestId}</p>}
      {(step || retry) && (
        <p className="row">
          {step &&
            ('to' in step ? (
              <Link className="button" to={step.to}>
                {step.label}
              </Link>
            ) : (
              <button type="button" className="button" onClick={step.onClick}>
                {step.label}
              </button>
            ))}
          {retry && (
            <button type="button" className="button" onClick={retry.onClick}>
              {retry.label}
            </button>
          )}
        </p>
      )}
    </div>
  );
}

/** A failed read, with "Try again" (reads are safe to repeat). */
export function QueryErrorNotice({
  query,
  title,
}: {
  query: { error: unknown; refetch: () => Promise<unknown> };
  title: string;
}) {
  return (
    <ErrorNotice
      error={query.error}
      title={title}
      retry={{ label: 'Try again', onClick: () => void query.refetch() }}
    />
  );
}
