import { type ReactNode, useEffect, useId, useRef } from 'react';

interface Props {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, with the amount. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  live: boolean;
  pending?: boolean;
}

/**
 * Every money-moving action asks first, with the amount; in LIVE the dialog says so in red. The browser's own modal
 * `<dialog>` (focus kept inside, Escape and a click outside go back, the page behind inert): the platform does what a
 * dialog library would, without its 23 KiB on every order page (decision 008, revised).
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  live,
  pending,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      element.showModal();
      confirm.current?.focus();
    }
    if (!isOpen && element.open) element.close();
  }, [isOpen]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; the keyboard's way out is Escape, which the dialog element handles itself (onClose)
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className={live ? 'modal modal-live' : 'modal'}
      // Escape, or close() from a button: the parent hears it either way.
      onClose={() => onOpenChange(false)}
      // A click on the backdrop lands on the dialog itself (its content fills it): go back.
      onClick={(event) => {
        if (event.target === dialog.current) onOpenChange(false);
      }}
    >
      {isOpen && (
        <div className="dialog">
          <h2 id={titleId}>{title}</h2>
          {live && <p className="live-warning">LIVE: this spends the office's real money.</p>}
          <div className="dialog-body">{children}</div>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => onOpenChange(false)}>
              Go back
            </button>
            <button
              ref={confirm}
              type="button"
              className={live ? 'button danger' : 'button primary'}
              onClick={onConfirm}
              disabled={pending}
            >
              {pending ? 'Working…' : confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
