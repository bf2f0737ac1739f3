import { type BookingChange, type ChangeList, PRODUCTS } from '@console/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ChangeCard } from '../../../components/booking-changes.tsx';
import { AssignDialog, bulkWords } from '../../../components/change-queue-dialogs.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { orderPath } from '../../../lib/booking-path.ts';
import { focusAfter } from '../../../lib/focus-after.ts';
import { whenLocal } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { useUrlPage } from '../../../lib/url-page.ts';
import { PRODUCT_WORDS, useBulkChanges, useChanges, useQueuePeople } from '../api/changes.ts';

const FILTER_KEYS = ['view', 'person', 'product'] as const;
type View = '' | 'unassigned' | 'snoozed' | 'handled' | 'all' | 'everyone';
const VIEWS: readonly { id: View; label: string }[] = [
  { id: '', label: 'Mine to act on' },
  { id: 'unassigned', label: 'Unassigned' },
  { id: 'snoozed', label: 'Snoozed' },
  { id: 'handled', label: 'Handled' },
  { id: 'all', label: 'All I can reach' },
];
const EVERYONE = { id: 'everyone', label: 'Everyone’s' } as const;
/** A view the URL may name: one of the list, or everyone's. */
const isView = (value: string): value is View => value === EVERYONE.id || VIEWS.some((v) => v.id === value);

/** The API's query for a view: whose changes, in which state. */
function viewQuery(view: View, person: string): Record<string, string> {
  if (person) return { assignee: person };
  if (view === 'unassigned') return { assignee: 'none' };
  if (view === 'snoozed') return { assignee: 'me', state: 'snoozed' };
  if (view === 'handled') return { assignee: 'me', state: 'handled' };
  if (view === 'all') return {};
  return { assignee: 'me' };
}

function resultWords(list: ChangeList, view: View, page: number): string {
  const n = list.data.length;
  if (n === 0)
    return page > 1
      ? 'No more changes.'
      : view === 'handled'
        ? 'No change has been handled yet.'
        : view === 'snoozed'
          ? 'Nothing snoozed.'
          : view === 'unassigned'
            ? 'Nothing unassigned.'
            : 'Nothing to act on. The console reads every live booking again and lists here what changed by itself.';
  const what = view === 'handled' ? ' handled' : view === 'snoozed' ? ' snoozed' : ' to act on';
  const words = `${n} change${n === 1 ? '' : 's'}${what}`;
  return list.has_more ? `${words} on this page, more on the next` : `${words}, nearest travel first`;
}

/**
 * What changed on bookings by itself (decision 037), as a team's queue (decision 053): mine, unassigned, snoozed,
 * handled, all in reach, and for an admin everyone's (a person a line, their count and oldest). Several selected are
 * assigned or handled at once with one note. The view, the person, the product and the page are in the URL.
 */
export function ChangesPage() {
  const { filters, apply } = useUrlFilters(FILTER_KEYS);
  const paging = useUrlPage();
  const me = useMe().data?.user;
  const isAdmin = me?.role === 'admin';
  const view: View = isView(filters.view) ? filters.view : '';
  const everyone = view === 'everyone' && !filters.person;
  const search = new URLSearchParams({
    ...viewQuery(view, filters.person),
    ...(filters.product ? { product: filters.product } : {}),
  }).toString();
  const changes = useChanges(paging.query(search), !everyone);
  const data = changes.data;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A new view or page starts with nothing selected.
  useEffect(() => setSelected(new Set()), [search, paging.after]);
  const chosen = data?.data.filter((c) => selected.has(c.id)) ?? [];
  const canSelect = view !== 'handled';
  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Changes</h1>
        <Link to="/bookings">Bookings</Link>
        <Link to="/radar">Deadline radar</Link>
      </div>
      <p className="muted">
        What changed on bookings by itself: the airline moved a flight, a supplier cancelled, a hold lapsed.
        Tell the client, then mark it handled with what you did — or assign it to a colleague, or snooze it.
      </p>
      <form aria-label="Which changes" className="card row" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Show"
          value={view}
          options={isAdmin || view === 'everyone' ? [...VIEWS, EVERYONE] : VIEWS}
          onChange={(next) => apply({ ...filters, view: next, person: '' })}
        />
        <SelectField
          label="Product"
          value={filters.product as '' | (typeof PRODUCTS)[number]}
          options={[
            { id: '', label: 'All products' },
            ...PRODUCTS.map((p) => ({ id: p, label: PRODUCT_WORDS[p] })),
          ]}
          onChange={(product) => apply({ ...filters, product })}
        />
      </form>
      {everyone ? (
        <EveryonesQueue onPerson={(person) => apply({ ...filters, view: 'everyone', person })} />
      ) : (
        <>
          {filters.person && (
            <p>
              <Link to="/changes?view=everyone">← Everyone’s</Link>
            </p>
          )}
          {changes.error && <QueryErrorNotice query={changes} title="Could not list the changes" />}
          {changes.isPending && <p className="loading">Loading changes…</p>}
          {data && (
            <section
              aria-label="Changes found"
              aria-busy={changes.isPlaceholderData || undefined}
              className="stack"
              data-changes
            >
              <p role="status" className="results-bar" data-changes-message tabIndex={-1}>
                {resultWords(data, view, paging.page)}
              </p>
              {data.data.map((change) => (
                <ChangeCard key={change.id} change={change} heading="h2" row>
                  <p>
                    {canSelect && (
                      <label className="change-select">
                        <input
                          type="checkbox"
                          checked={selected.has(change.id)}
                          onChange={(event) => {
                            const next = new Set(selected);
                            if (event.target.checked) next.add(change.id);
                            else next.delete(change.id);
                            setSelected(next);
                          }}
                          aria-label={`Select: ${change.summary}`}
                          data-change-select
                        />
                      </label>
                    )}{' '}
                    <Link to={orderPath({ id: change.booking_id, product: change.product })} data-row-open>
                      {PRODUCT_WORDS[change.product]} {change.reference ?? change.booking_id}
                    </Link>{' '}
                    · {change.booking_summary}
                    {change.travel_on && <> · travels {change.travel_on}</>}
                    {change.agent.id !== me?.id && (
                      <span className="muted small"> · {change.agent.email}</span>
                    )}
                  </p>
                </ChangeCard>
              ))}
              <Pager
                label="Pages of changes"
                nouns={['change', 'changes']}
                paging={paging}
                list={data}
                loading={changes.isPlaceholderData}
              />
            </section>
          )}
          {chosen.length > 0 && <BulkBar chosen={chosen} onDone={() => setSelected(new Set())} />}
        </>
      )}
    </div>
  );
}

/** The selected changes' bar: assign them to a colleague, or mark them handled with one note (one request). */
function BulkBar({ chosen, onDone }: { chosen: readonly BookingChange[]; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [assigning, setAssigning] = useState(false);
  const bulk = useBulkChanges();
  const n = chosen.length;
  const finish = (words: string) => {
    notify(words);
    onDone();
    setTimeout(() => focusAfter(document.querySelector('[data-changes-message]')), 0);
  };
  return (
    <form
      className="card row bulk-bar"
      aria-label={`${n} selected`}
      onSubmit={(event) => {
        event.preventDefault();
        bulk.mutate(
          { ids: chosen.map((c) => c.id), action: 'handle', note },
          { onSuccess: (result) => finish(bulkWords(result, 'handled')) },
        );
      }}
    >
      <strong>{n} selected</strong>
      <TextField label="What you did (one note for all)" value={note} onChange={setNote} maxLength={1000} />
      <button type="submit" className="button primary" disabled={bulk.isPending}>
        {bulk.isPending ? 'Saving…' : `Mark ${n} handled`}
      </button>
      <button type="button" className="button" onClick={() => setAssigning(true)}>
        Assign {n}…
      </button>
      <button type="button" className="button" onClick={onDone}>
        Clear selection
      </button>
      {bulk.error && <ErrorNotice error={bulk.error} title="Nothing was marked handled" />}
      {assigning && (
        <AssignDialog
          changes={chosen}
          onClose={() => setAssigning(false)}
          onDone={(words) => {
            setAssigning(false);
            finish(words);
          }}
        />
      )}
    </form>
  );
}

/** Everyone's open work, a person a line (the unassigned first): how many each holds and the oldest. */
function EveryonesQueue({ onPerson }: { onPerson: (person: string) => void }) {
  const [after, setAfter] = useState<string[]>([]);
  const people = useQueuePeople(after.at(-1) ?? '');
  if (people.error) return <QueryErrorNotice query={people} title="Could not list everyone’s changes" />;
  if (!people.data) return <p className="loading">Loading everyone’s changes…</p>;
  const page = people.data;
  return (
    <section aria-label="Everyone’s changes" className="stack" data-changes>
      <p role="status" className="results-bar" data-changes-message tabIndex={-1}>
        Open changes per person, by name{after.length > 0 ? ` (page ${after.length + 1})` : ''}.
      </p>
      <div className="table-scroll">
        <table className="data queue-people">
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Open</th>
              <th scope="col">Waiting longest</th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((line) => (
              <tr key={line.person?.id ?? 'unassigned'}>
                <th scope="row">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => onPerson(line.person?.id ?? 'none')}
                  >
                    {line.person ? line.person.name : 'Unassigned'}
                  </button>
                  {line.person && (
                    <span className="muted small">
                      {' '}
                      {line.person.email}
                      {line.person.disabled ? ' · disabled' : ''}
                    </span>
                  )}
                </th>
                <td>{line.open}</td>
                <td>
                  {line.oldest ? (
                    <>
                      {line.oldest.summary}{' '}
                      <span className="muted small">seen {whenLocal(line.oldest.detected_at)}</span>
                    </>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="row">
        {after.length > 0 && (
          <button type="button" className="button" onClick={() => setAfter(after.slice(0, -1))}>
            Previous people
          </button>
        )}
        {page.next_cursor && (
          <button
            type="button"
            className="button"
            onClick={() => setAfter([...after, page.next_cursor ?? ''])}
          >
            More people
          </button>
        )}
      </div>
    </section>
  );
}
