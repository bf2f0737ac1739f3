import type { FlightOffer } from '@console/contract';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { OfferDetail } from './offer-detail.tsx';

/** The offer's full detail in a modal dialog, with the way to select it. */
export function OfferDialog({
  offer,
  onClose,
  onSelect,
}: {
  offer: FlightOffer;
  onClose: () => void;
  onSelect: (offer: FlightOffer) => void;
}) {
  return (
    <ModalOverlay isOpen onOpenChange={(open) => !open && onClose()} isDismissable className="overlay">
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title">Offer details</Heading>
          <OfferDetail offer={offer} />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
            <button type="button" className="button primary" onClick={() => onSelect(offer)}>
              Select this offer
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
