import { type ReactNode, type RefObject, useEffect, useRef } from 'react';

/**
 * The console's one way to show a modal: the browser's own `<dialog>`, opened with `showModal()` — focus kept inside,
 * Escape and a click on the backdrop close it, the page behind inert, focus given back on close. The platform does what
 * a dialog library would, without its kilobytes on every page (decisions 008 and 036). Mounted open; the caller
 * unmounts it (or hears `onClose`) to close it.
 */
export function ModalDialog({
  onClose,
  labelledBy,
  className = 'modal',
  role,
  initialFocus,
  children,
}: {
  onClose: () => void;
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  className?: string;
  /** `alertdialog` for a question that must be answered (a money-moving confirmation). */
  role?: 'alertdialog';
  /** What takes the focus when it opens (else the first thing that can). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (element.open) element.close();
    };
  }, [initialFocus]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; the keyboard's way out is Escape, which the dialog element handles itself (onClose)
    <dialog
      ref={dialog}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      className={className}
      // Escape, or close() from a button: the parent hears it either way.
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself (its content fills it): go back.
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close();
      }}
    >
      {children}
    </dialog>
  );
}
