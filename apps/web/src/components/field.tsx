import { type ReactNode, useId } from 'react';

/**
 * The frame every form control sits in: a label tied to the control, an optional hint and the error, both announced
 * with the control through aria-describedby. The control itself receives the ids to use.
 */
export function Field({
  label,
  error,
  description,
  className = 'field',
  children,
}: {
  label: string;
  error?: string | undefined;
  description?: string | undefined;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const hint = description ? `${id}-hint` : undefined;
  const problem = error ? `${id}-error` : undefined;
  const describedBy = [problem, hint].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {description && (
        <span id={hint} className="muted small">
          {description}
        </span>
      )}
      {error && (
        <span id={problem} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
