import { HotelPlaceListSchema, LedgerListSchema, travellersApi, tripsApi } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  Autocomplete,
  Dialog,
  Header,
  Input,
  Label,
  Menu,
  MenuItem,
  MenuSection,
  Modal,
  ModalOverlay,
  SearchField,
  Text,
} from 'react-aria-components';
import { useNavigate } from 'react-router';
import { api, call, queryString } from '../lib/api.ts';
import { orderPath } from '../lib/booking-path.ts';
import { usePageActionList } from '../lib/page-actions.ts';
import { serviceNow } from '../lib/service-clock.ts';
import { describeLine, EXAMPLES, flightSearchUrl, readCommandLine, readingOf } from './command-line.ts';
import { NAV } from './nav.ts';
import { paletteShown, typedBeforeOpen } from './palette-signal.ts';
import './command-palette.css';

/**
 * The hotel desk's URL for a place and stay, in the keys its search-params read (features/hotels/search-params.ts:
 * place, name, type, in, out, rooms as adults.childAge…). Written here so the palette does not pull the hotel desk's
 * modules apart into more chunks for every route.
 */
function hotelSearchParams(
  place: { id: string; name: string; type: string },
  stay: { checkIn: string; checkOut: string; adults: number },
) {
  return new URLSearchParams({
    place: place.id,
    name: place.name,
    type: place.type,
    in: stay.checkIn,
    out: stay.checkOut,
    rooms: String(stay.adults),
  });
}

interface Item {
  id: string;
  label: string;
  hint?: string;
  run: () => void;
}

/**
 * The command palette (Ctrl+K / ⌘K): jump to a booking, trip or traveller; start a search from one typed line; run the
 * page's own actions (through the same confirmation dialogs as its buttons). React Aria's Autocomplete and Menu in a
 * modal dialog: arrow keys move, Enter runs, Escape closes, focus comes back where it was.
 */
export function CommandPalette({ onClose, isAdmin }: { onClose: () => void; isAdmin: boolean }) {
  const navigate = useNavigate();
  // Keys typed while it was loading are the search's start; from its first render the field takes them itself.
  const [typed, setTyped] = useState(typedBeforeOpen);
  useEffect(() => {
    const ahead = typedBeforeOpen();
    if (ahead) setTyped(ahead);
    paletteShown(true);
    return () => paletteShown(false);
  }, []);
  const q = useDeferredValue(typed.trim());
  const today = new Date(serviceNow()).toISOString().slice(0, 10);
  const line = useMemo(() => readCommandLine(q, today), [q, today]);
  const reading = useMemo(() => (line ? null : readingOf(q, today)), [line, q, today]);
  const lookup = q.length >= 2 && !line;
  const go = (to: string) => () => {
    onClose();
    void navigate(to);
  };

  const bookings = useQuery({
    queryKey: ['palette', 'bookings', q],
    queryFn: ({ signal }) =>
      api(`/bookings?${queryString({ q, limit: 6 })}`, { schema: LedgerListSchema, signal }),
    enabled: lookup,
    staleTime: 10_000,
  });
  const trips = useQuery({
    queryKey: ['palette', 'trips', q],
    queryFn: ({ signal }) => call(tripsApi.list, { query: { q, limit: 4 }, signal }),
    enabled: lookup,
    staleTime: 10_000,
  });
  const travellers = useQuery({
    queryKey: ['palette', 'travellers', q],
    queryFn: ({ signal }) => call(travellersApi.list, { query: { q, limit: 4 }, signal }),
    enabled: lookup,
    staleTime: 10_000,
  });
  const hotelPlace = line?.kind === 'hotels' ? line.place : '';
  const places = useQuery({
    queryKey: ['hotels', 'places', hotelPlace.toLowerCase()],
    queryFn: ({ signal }) =>
      api(`/hotels/places?${queryString({ query: hotelPlace, limit: 3 })}`, {
        schema: HotelPlaceListSchema,
        signal,
      }),
    enabled: hotelPlace.length >= 2,
    staleTime: 10 * 60_000,
  });
  const pageActions = usePageActionList();

  const matches = (label: string) => !q || label.toLowerCase().includes(q.toLowerCase());
  const sections: { title: string; items: Item[] }[] = [];
  const actions = pageActions.filter((a) => matches(a.label));
  if (actions.length > 0)
    sections.push({
      title: 'This page',
      items: actions.map((a) => ({
        id: `action:${a.id}`,
        label: a.label,
        run: () => {
          onClose();
          a.run();
        },
      })),
    });
  if (line?.kind === 'flights')
    sections.push({
      title: 'Search',
      items: [{ id: 'search', label: describeLine(line), run: go(flightSearchUrl(line)) }],
    });
  if (line?.kind === 'activities')
    sections.push({
      title: 'Search',
      items: [
        {
          id: 'search',
          label: describeLine(line),
          run: go(`/activities?${new URLSearchParams({ q: line.query })}`),
        },
      ],
    });
  if (line?.kind === 'hotels')
    sections.push({
      title: 'Search',
      items: (places.data?.data ?? [])
        .filter((p) => /^\d+$/.test(p.id))
        .map((place) => ({
          id: `hotels:${place.id}`,
          label: describeLine({ ...line, place: place.name }),
          hint: `${place.type}, ${place.country}`,
          run: go(`/hotels?${hotelSearchParams(place, line)}`),
        })),
    });
  // The finds come in together, once all three lookups have answered: an agent arrowing through the list does not have
  // bookings slide in above the traveller they were on, so Up and Enter run what was above it when they looked.
  const finds = [bookings, trips, travellers].every((lookup) => !lookup.isPending);
  const found: Item[] = !finds
    ? []
    : [
        ...(bookings.data?.data ?? []).map((b) => ({
          id: `booking:${b.id}`,
          label: `${b.product === 'flight' ? 'Flight' : b.product === 'hotel' ? 'Hotel' : 'Activity'} ${b.reference ?? b.id}`,
          hint: `${b.status} · ${b.summary}`,
          run: go(orderPath(b)),
        })),
        ...(trips.data?.data ?? []).map((t) => ({
          id: `trip:${t.id}`,
          label: `Trip ${t.reference}`,
          hint: t.name,
          run: go(`/trips/${encodeURIComponent(t.id)}`),
        })),
        ...(travellers.data?.data ?? []).map((t) => ({
          id: `traveller:${t.id}`,
          label: `Traveller ${t.given_name} ${t.family_name}`,
          hint: `born ${t.date_of_birth}`,
          run: go(`/travellers/${encodeURIComponent(t.id)}`),
        })),
      ];
  if (found.length > 0) sections.push({ title: 'Found', items: found });
  const pages = [...NAV, ...(isAdmin ? [{ to: '/admin/wallet', label: 'Wallet statement' }] : [])]
    .filter((p) => matches(p.label) || matches(`go ${p.label}`))
    .map((p) => ({ id: `go:${p.to}`, label: `Go to ${p.label}`, run: go(p.to) }));
  if (pages.length > 0 && !line) sections.push({ title: 'Go to', items: pages });

  const byId = new Map(sections.flatMap((s) => s.items).map((item) => [item.id, item]));
  const loading = lookup && (bookings.isFetching || trips.isFetching || travellers.isFetching);
  // Nothing to run: the palette says what it reads, with examples, rather than only that nothing matched.
  const empty = sections.length === 0 && !loading && (!lookup || finds);
  const said = reading && (reading.sure || empty) ? reading.says : null;

  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="overlay palette-overlay"
    >
      <Modal className="modal palette">
        <Dialog aria-label="Command palette" className="dialog">
          <Autocomplete inputValue={typed} onInputChange={setTyped}>
            <SearchField aria-describedby="palette-help" autoFocus className="palette-field">
              <Label>Go to, search or do</Label>
              <Input
                // Enter with no result chosen (or one no longer listed) runs the first one, as the list chooses it.
                onKeyDown={(event) => {
                  const chosen = event.currentTarget.getAttribute('aria-activedescendant');
                  if (event.key !== 'Enter' || (chosen && document.getElementById(chosen))) return;
                  const first = sections[0]?.items[0];
                  if (!first) return;
                  event.preventDefault();
                  first.run();
                }}
                placeholder="PNR, name, trip, “AN12DECLONNYC/2A”, “hotel paris 12dec 3n 2a”, or an action"
              />
            </SearchField>
            <p id="palette-help" className="muted small">
              ↑ ↓ to choose, Enter to run, Esc to close.{loading ? ' Searching…' : ''}
            </p>
            <div role="status" className="palette-reading">
              {said && <p className="notice small">{said}</p>}
            </div>
            {/* The first result is chosen from the start, as typing into the field chooses it: a line typed before the
                palette was up (its keys kept while it came) is no different, and the arrows move on from the same place
                however quick the typing or the machine. The list is drawn afresh for each search: a result that left
                and came back (the finds are listed only once all three lookups have answered) is chosen again rather
                than left named by a row no longer on screen, where Enter would run nothing. */}
            <Menu
              key={q}
              autoFocus="first"
              className="palette-list"
              aria-label="Results"
              onAction={(key) => byId.get(String(key))?.run()}
              renderEmptyState={() => (
                <p className="muted palette-empty">
                  {q.length < 2
                    ? 'Type at least two characters.'
                    : loading
                      ? 'Searching…'
                      : `No booking, trip, traveller, page or action matches “${q}”.`}
                </p>
              )}
            >
              {sections.map((section) => (
                <MenuSection key={section.title} id={section.title}>
                  <Header className="palette-section">{section.title}</Header>
                  {section.items.map((item) => (
                    <MenuItem key={item.id} id={item.id} textValue={item.label} className="palette-item">
                      <Text slot="label">{item.label}</Text>
                      {item.hint && (
                        <Text slot="description" className="muted small">
                          {item.hint}
                        </Text>
                      )}
                    </MenuItem>
                  ))}
                </MenuSection>
              ))}
            </Menu>
          </Autocomplete>
          {empty && (
            <section className="palette-help" aria-labelledby="palette-forms">
              <h2 id="palette-forms" className="palette-section">
                What you can type
              </h2>
              <dl>
                {EXAMPLES.map((example) => (
                  <div key={example.typed}>
                    <dt>
                      <kbd>{example.typed}</kbd>
                    </dt>
                    <dd className="muted small">{example.does}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
