import { type ReactNode, useId, useRef } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

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
 * Every money-moving action asks first, with the amount; in LIVE the dialog says so in red. The console's one modal
 * (components/modal-dialog.tsx, the browser's own `<dialog>`), its confirming button focused.
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
  const confirm = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  if (!isOpen) return null;
  return (
    <ModalDialog
      role="alertdialog"
      labelledBy={titleId}
      className={live ? 'modal modal-live' : 'modal'}
      onClose={() => onOpenChange(false)}
      initialFocus={confirm}
    >
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
    </ModalDialog>
  );
}
