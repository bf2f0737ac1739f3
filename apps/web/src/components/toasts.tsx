import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';

interface Toast {
  key: number;
  title: string;
  description?: string;
  /** Where the agent acts on it. */
  link?: { to: string; label: string };
  /** Stays until dismissed (a deadline notice), instead of 6 s. */
  sticky?: boolean;
}

/**
 * Short confirmations of what just happened ("Order ticketed"). A polite live region that is always in the page, so
 * screen readers announce each message as it is added; each stays 6 s or until dismissed (a deadline notice stays
 * until dismissed). Small enough to own
 * rather than load a component kit with every screen (decision 008).
 */
let shown: readonly Toast[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();
const publish = (next: readonly Toast[]) => {
  shown = next;
  for (const listener of listeners) listener();
};
const dismiss = (key: number) => publish(shown.filter((t) => t.key !== key));

export function notify(
  title: string,
  description?: string,
  options: { link?: { to: string; label: string }; sticky?: boolean } = {},
) {
  const key = nextKey++;
  publish([...shown, { key, title, ...(description ? { description } : {}), ...options }].slice(-4));
  if (!options.sticky) setTimeout(() => dismiss(key), 6000);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toasts() {
  const toasts = useSyncExternalStore(subscribe, () => shown);
  return (
    <section className="toast-region" aria-label="Notifications">
      <div role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.key} className="toast">
            <div>
              <p className="toast-title">{toast.title}</p>
              {toast.description && <p>{toast.description}</p>}
              {toast.link && (
                <p>
                  <Link to={toast.link.to} onClick={() => dismiss(toast.key)}>
                    {toast.link.label}
                  </Link>
                </p>
              )}
            </div>
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss"
              onClick={() => dismiss(toast.key)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}

/** A booking whose first answer was lost and that the console found again by its Idempotency-Key. */
export function notifyReconciled() {
  notify(
    'Booking reconciled',
    'The answer to the first try was lost. The console asked the service again with the same key: the booking was made once.',
  );
}
