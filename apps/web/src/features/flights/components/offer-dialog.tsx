import type { FlightOffer } from '@console/contract';
import { useId } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
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
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="dialog">
        <h2 id={titleId}>Offer details</h2>
        <OfferDetail offer={offer} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <button type="button" className="button primary" onClick={() => onSelect(offer)}>
            Select this offer
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
