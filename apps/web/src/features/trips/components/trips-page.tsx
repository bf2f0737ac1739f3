import { TripInputSchema } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DateField } from '../../../components/date-field.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { useUrlPage } from '../../../lib/url-page.ts';
import { tripListQuery, useCreateTrip } from '../api/trips.ts';

const KEYS = ['q'] as const;

/** Trips: a client's flight, hotel and activity bookings as one file. */
export function TripsPage() {
  const { filters, form, set, submit } = useUrlFilters(KEYS);
  const paging = useUrlPage();
  const trips = useQuery(tripListQuery(filters.q, paging.after));
  return (
    <div className="page stack">
      <h1>Trips</h1>
      <form className="row" aria-label="Find a trip" onSubmit={submit}>
        <TextField
          label="Client, reference or traveller"
          value={form.q}
          onChange={set('q')}
          data-search-focus
        />
        <button type="submit" className="button search-button">
          Search
        </button>
      </form>
      {trips.error && <QueryErrorNotice query={trips} title="Could not load the trips" />}
      {trips.data && trips.data.data.length === 0 && (
        <p className="muted">
          {filters.q
            ? 'No trip matches.'
            : 'No trips yet. Make one below, or from a booking’s page with “Make a trip”.'}
        </p>
      )}
      {trips.data && trips.data.data.length > 0 && (
        <TableScroll>
          <table className="data">
            <thead>
              <tr>
                <th>Trip</th>
                <th>Reference</th>
                <th>Travellers</th>
                <th>Dates</th>
                <th>Parts</th>
              </tr>
            </thead>
            <tbody>
              {trips.data.data.map((t) => (
                <tr key={t.id} data-row tabIndex={-1}>
                  <td>
                    <Link to={`/trips/${encodeURIComponent(t.id)}`} data-row-open>
                      {t.name}
                    </Link>
                  </td>
                  <td>{t.reference}</td>
                  <td>{t.travellers.join(', ') || '—'}</td>
                  <td>{t.starts_on ? `${t.starts_on} to ${t.ends_on ?? '…'}` : '—'}</td>
                  <td>{t.parts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <NewTrip />
      <Pager
        label="Pages of trips"
        nouns={['trip', 'trips']}
        paging={paging}
        list={trips.data}
        loading={trips.isPlaceholderData}
      />
    </div>
  );
}

function NewTrip() {
  const create = useCreateTrip();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [travellers, setTravellers] = useState('');
  const [startsOn, setStartsOn] = useState<string | null>(null);
  const [endsOn, setEndsOn] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="card stack"
      aria-label="Make a trip"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = TripInputSchema.safeParse({
          name,
          travellers: travellers
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
          starts_on: startsOn,
          ends_on: endsOn,
        });
        if (!body.success) {
          setProblem('Give the trip a name (the client’s, for example).');
          return;
        }
        setProblem(null);
        create.mutate(body.data, {
          onSuccess: (trip) => void navigate(`/trips/${encodeURIComponent(trip.id)}`),
        });
      }}
    >
      <h2>Make a trip</h2>
      <p className="muted small">
        The trip gets a reference; book its parts with that reference as the client reference and they join
        it.
      </p>
      <div className="row">
        <TextField label="Name" value={name} onChange={setName} error={problem ?? undefined} />
        <TextField
          label="Travellers (optional)"
          description="Names, separated by commas"
          value={travellers}
          onChange={setTravellers}
        />
        <DateField label="From (optional)" value={startsOn} onChange={setStartsOn} />
        <DateField label="To (optional)" value={endsOn} onChange={setEndsOn} />
        <button type="submit" className="button primary search-button" disabled={create.isPending}>
          Make the trip
        </button>
      </div>
      {create.error && <ErrorNotice error={create.error} title="The trip was not made" />}
    </form>
  );
}
