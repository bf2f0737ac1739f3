import type { FlightOffer } from '@console/contract';
import { useMemo, useState } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  Heading,
  Label,
  Modal,
  ModalOverlay,
} from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useFlightSearchStream } from '../api/flight-search-stream.ts';
import { rememberOffer } from '../api/offers.ts';
import {
  readSearch,
  readView,
  type SearchForm,
  SORTS,
  type SortId,
  viewOffers,
  writeLegs,
} from '../search-params.ts';
import { OfferDetail } from './offer-detail.tsx';
import { OfferList } from './offer-list.tsx';
import { SearchFormPanel } from './search-form.tsx';

export function FlightSearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<FlightOffer | null>(null);
  const select = (offer: FlightOffer) => {
    rememberOffer(offer);
    void navigate(`/flights/book/${offer.id}?${params.toString()}`);
  };
  const search = useMemo(() => readSearch(params), [params]);
  const view = readView(params);
  const requestKey = search ? JSON.stringify(search.request) : '';
  const stream = useFlightSearchStream(search?.request ?? null, requestKey);
  const shown = useMemo(() => viewOffers(stream.offers, view), [stream.offers, view]);
  const airlines = useMemo(
    () =>
      [...new Map(stream.offers.map((o) => [o.validating_airline, o.airline_name])).entries()].sort((a, b) =>
        a[1].localeCompare(b[1]),
      ),
    [stream.offers],
  );

  const setView = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  const onSearch = (form: SearchForm) => {
    const next = new URLSearchParams({
      adults: String(form.adults),
      children: String(form.children),
      infants: String(form.infants),
      cabin: form.cabin,
    });
    if (form.trip === 'multi') next.set('legs', writeLegs(form.legs));
    else {
      next.set('from', form.from ?? '');
      next.set('to', form.to ?? '');
      next.set('depart', form.depart ?? '');
      if (form.trip === 'return' && form.return) next.set('return', form.return);
    }
    setParams(next);
  };

  return (
    <div className="page">
      <h1>Flights</h1>
      <SearchFormPanel key={requestKey} initial={search?.form ?? null} onSearch={onSearch} />
      {search && (
        <section className="results" aria-label="Results">
          <div className="results-bar">
            <div role="status" aria-live="polite" className="search-status">
              {stream.status === 'searching' && (
                <span className="searching">
                  Still searching… {stream.offers.length} offers so far ({stream.providersAnswered} of{' '}
                  {stream.providersTotal || '…'} providers)
                </span>
              )}
              {stream.status === 'done' && (
                <span>
                  {stream.offers.length} offers found · showing {shown.length}
                </span>
              )}
              {stream.status === 'cancelled' && (
                <span>Search cancelled · {stream.offers.length} offers found before it stopped</span>
              )}
            </div>
            {stream.status === 'searching' && (
              <Button className="button" onPress={stream.cancel}>
                Cancel search
              </Button>
            )}
            <SelectField<SortId>
              label="Sort by"
              value={view.sort}
              onChange={(sort) => setView({ sort })}
              options={SORTS}
            />
          </div>
          {stream.error && <ErrorNotice error={stream.error} title="The search ran into a problem" />}
          <div className="results-body">
            <aside className="filters card" aria-label="Filters">
              <CheckboxGroup value={view.stops.map(String)} onChange={(v) => setView({ stops: v.join(',') })}>
                <Label>Stops</Label>
                <Checkbox value="0">Direct</Checkbox>
                <Checkbox value="1">1 stop</Checkbox>
                <Checkbox value="2">2+ stops</Checkbox>
              </CheckboxGroup>
              <CheckboxGroup
                value={view.bags ? ['bags'] : []}
                onChange={(v) => setView({ bags: v.includes('bags') ? '1' : null })}
              >
                <Label>Baggage</Label>
                <Checkbox value="bags">Checked bag included</Checkbox>
              </CheckboxGroup>
              <CheckboxGroup
                value={
                  view.departFrom === 0 && view.departTo === 12
                    ? ['am']
                    : view.departFrom === 12
                      ? ['pm']
                      : []
                }
                onChange={(v) =>
                  setView(
                    v.includes('am') && !v.includes('pm')
                      ? { dep_from: '0', dep_to: '12' }
                      : v.includes('pm') && !v.includes('am')
                        ? { dep_from: '12', dep_to: '24' }
                        : { dep_from: null, dep_to: null },
                  )
                }
              >
                <Label>Departure time</Label>
                <Checkbox value="am">Before noon</Checkbox>
                <Checkbox value="pm">Noon or later</Checkbox>
              </CheckboxGroup>
              {airlines.length > 0 && (
                <CheckboxGroup value={view.airlines} onChange={(v) => setView({ airlines: v.join(',') })}>
                  <Label>Airlines</Label>
                  {airlines.map(([code, name]) => (
                    <Checkbox key={code} value={code}>
                      {name}
                    </Checkbox>
                  ))}
                </CheckboxGroup>
              )}
            </aside>
            {shown.length > 0 ? (
              <OfferList offers={shown} onDetails={setDetail} onSelect={select} />
            ) : (
              stream.status !== 'searching' && (
                <p className="empty">
                  {stream.offers.length > 0 ? 'No offers match these filters.' : 'No offers.'}
                </p>
              )
            )}
          </div>
        </section>
      )}
      <ModalOverlay
        isOpen={detail !== null}
        onOpenChange={(open) => !open && setDetail(null)}
        isDismissable
        className="overlay"
      >
        <Modal className="modal">
          <Dialog className="dialog">
            {({ close }) =>
              detail && (
                <>
                  <Heading slot="title">Offer details</Heading>
                  <OfferDetail offer={detail} />
                  <div className="dialog-actions">
                    <Button className="button" onPress={close}>
                      Close
                    </Button>
                    <Button className="button primary" onPress={() => select(detail)}>
                      Select this offer
                    </Button>
                  </div>
                </>
              )
            }
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
