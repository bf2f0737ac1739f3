import { ApiError, UnreadableAnswer } from '../lib/api.ts';
import { OpenValue } from './open-value.tsx';

/** An error from /api in plain words: what happened, what to do, and the reference to quote. */
export function ErrorNotice({
  error,
  title = 'That did not work',
  retry,
}: {
  error: unknown;
  title?: string;
  /** For what is safe to repeat (a search, a read): the button that tries again. */
  retry?: { label: string; onClick: () => void };
}) {
  const api = error instanceof ApiError ? error : null;
  const message = api?.message ?? (error instanceof Error ? error.message : 'Something went wrong.');
  return (
    <div role="alert" className="notice notice-error">
      <strong>{title}</strong>
      <p>{message}</p>
      {error instanceof UnreadableAnswer && <OpenValue value={error.raw} />}
      {api && <p className="muted">{api.remedy}</p>}
      {api?.requestId && <p className="muted small">Reference: {api.requestId}</p>}
      {retry && (
        <p>
          <button type="button" className="button" onClick={retry.onClick}>
            {retry.label}
          </button>
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
