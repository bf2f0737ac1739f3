import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { serviceNow } from '../../../lib/service-clock.ts';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { useUrlPage } from '../../../lib/url-page.ts';
import { travellerListQuery } from '../api/travellers.ts';
import { LikelyDuplicates } from './likely-duplicates.tsx';

const KEYS = ['q'] as const;

/** The office's traveller directory: search by name, email or document number; open one to see or change it. */
export function TravellersPage() {
  const { filters, form, set, submit } = useUrlFilters(KEYS);
  const paging = useUrlPage();
  const list = useQuery(travellerListQuery(filters.q, paging.after));
  const today = new Date(serviceNow()).toISOString().slice(0, 10);
  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Travellers</h1>
        <Link className="button primary" to="/travellers/new">
          New traveller
        </Link>
      </div>
      <form className="row" aria-label="Find a traveller" onSubmit={submit}>
        <TextField
          label="Name, email or document number"
          value={form.q}
          onChange={set('q')}
          data-search-focus
        />
        <button type="submit" className="button search-button">
          Search
        </button>
      </form>
      {!filters.q && paging.page === 1 && <LikelyDuplicates />}
      {list.error && <QueryErrorNotice query={list} title="Could not load the travellers" />}
      {list.data && list.data.data.length === 0 && (
        <p className="muted">
          {filters.q ? 'No traveller matches.' : 'No travellers yet: save one here or from a booking.'}
        </p>
      )}
      {list.data && list.data.data.length > 0 && (
        <TableScroll>
          <table className="data">
            <thead>
              <tr>
                <th>Name</th>
                <th>Born</th>
                <th>Nationality</th>
                <th>Document expires</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((t) => (
                <tr key={t.id} data-row tabIndex={-1}>
                  <td>
                    <Link to={`/travellers/${encodeURIComponent(t.id)}`} data-row-open>
                      {t.family_name}, {t.given_name}
                    </Link>
                  </td>
                  <td>{t.date_of_birth}</td>
                  <td>{t.nationality ?? '—'}</td>
                  <td>
                    {t.document_expires_on ?? '—'}
                    {t.document_expires_on && t.document_expires_on < today && (
                      <span className="status-pill status-expired"> expired</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pager
        label="Pages of travellers"
        nouns={['traveller', 'travellers']}
        paging={paging}
        list={list.data}
        loading={list.isPlaceholderData}
      />
    </div>
  );
}
