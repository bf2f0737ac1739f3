import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

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

/** Every money-moving action asks first, with the amount; in LIVE the dialog says so in red. */
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
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="overlay">
      <Modal className={live ? 'modal modal-live' : 'modal'}>
        <Dialog role="alertdialog" className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title">{title}</Heading>
              {live && <p className="live-warning">LIVE: this spends the office's real money.</p>}
              <div className="dialog-body">{children}</div>
              <div className="dialog-actions">
                <Button className="button" onPress={close}>
                  Go back
                </Button>
                <Button
                  className={live ? 'button danger' : 'button primary'}
                  onPress={onConfirm}
                  isDisabled={pending}
                  autoFocus
                >
                  {pending ? 'Working…' : confirmLabel}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
