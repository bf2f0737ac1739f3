import type { TravellerDuplicate, TravellerSummary } from '@console/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { notify } from '../../../components/toasts.tsx';
import { whenLocal } from '../../../lib/format.ts';
import { travellerDuplicatesQuery, useMergeTravellers } from '../api/travellers.ts';
import '../travellers.css';

const WHY = {
  booking: 'the same booking',
  name_and_birth: 'same name and date of birth',
  document: 'same document',
} as const;

const nameOf = (t: Pick<TravellerSummary, 'given_name' | 'family_name'>) =>
  `${t.given_name} ${t.family_name}`;
const detailOf = (t: TravellerDuplicate['first']) =>
  [
    `born ${t.date_of_birth}`,
    t.nationality,
    t.document_expires_on ? `document expires ${t.document_expires_on}` : 'no document',
    `saved ${whenLocal(t.created_at)}`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The directory's likely duplicates (decision 043): pairs of profiles with the same name and date of birth or the same
 * document, page by page, each merged into one by those who may (decision 015: their own profiles, or all with the
 * office's bookings). The merge asks which to keep, then opens it, its bookings with it.
 */
export function LikelyDuplicates() {
  const pages = useInfiniteQuery(travellerDuplicatesQuery());
  const merge = useMergeTravellers();
  const navigate = useNavigate();
  const [pair, setPair] = useState<TravellerDuplicate | null>(null);
  const [keep, setKeep] = useState<'first' | 'second'>('first');
  const rows = pages.data?.pages.flatMap((p) => p.data) ?? [];
  if (pages.error) return <QueryErrorNotice query={pages} title="Could not load the likely duplicates" />;
  if (rows.length === 0) return null;
  const kept = pair && (keep === 'first' ? pair.first : pair.second);
  const other = pair && (keep === 'first' ? pair.second : pair.first);
  return (
    <section className="card stack" aria-labelledby="likely-duplicates">
      <h2 id="likely-duplicates">Likely the same person</h2>
      <p className="muted small">
        Profiles with the same name and date of birth, or the same document. Merge two into one: the bookings
        of both stay with the one kept.
      </p>
      <ul className="duplicates">
        {rows.map((p) => (
          <li key={`${p.first.id}:${p.second.id}`}>
            <span>
              <Link to={`/travellers/${encodeURIComponent(p.first.id)}`}>{nameOf(p.first)}</Link>
              <span className="muted small"> ({detailOf(p.first)})</span> and{' '}
              <Link to={`/travellers/${encodeURIComponent(p.second.id)}`}>{nameOf(p.second)}</Link>
              <span className="muted small"> ({detailOf(p.second)})</span>
              <span className="muted small"> · {WHY[p.matched_on]}</span>
            </span>
            {p.can_merge ? (
              <button
                type="button"
                className="button"
                onClick={() => {
                  merge.reset();
                  setKeep('first');
                  setPair(p);
                }}
              >
                Merge…
                <span className="visually-hidden">
                  {' '}
                  {nameOf(p.first)} and {nameOf(p.second)}
                </span>
              </button>
            ) : (
              <span className="muted small">
                An admin, or an agent with the office’s bookings, can merge these.
              </span>
            )}
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <div>
          <button
            type="button"
            className="button"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? 'Loading…' : 'More likely duplicates'}
          </button>
        </div>
      )}
      {pair && kept && other && (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setPair(null);
          }}
          title="Merge two profiles into one?"
          confirmLabel={`Keep ${nameOf(kept)} and merge`}
          live={false}
          pending={merge.isPending}
          onConfirm={() =>
            merge.mutate(
              { kept: kept.id, other: other.id },
              {
                onSuccess: (merged) => {
                  setPair(null);
                  notify('Travellers merged', `${nameOf(merged)}: one profile, with the bookings of both.`);
                  void navigate(`/travellers/${encodeURIComponent(merged.id)}`, {
                    state: { focus: 'bookings' },
                  });
                },
              },
            )
          }
        >
          <fieldset className="stack">
            <legend>Which profile to keep</legend>
            {(['first', 'second'] as const).map((which) => (
              <label key={which} className="check">
                <input type="radio" name="keep" checked={keep === which} onChange={() => setKeep(which)} />{' '}
                {nameOf(pair[which])} <span className="muted small">({detailOf(pair[which])})</span>
              </label>
            ))}
          </fieldset>
          <p>
            The profile kept keeps its own details and takes from the other what it lacks (contact,
            nationality, notes) and its documents. The other’s bookings move to it; the other profile is
            removed, and its links lead to the one kept.
          </p>
          {merge.error && <ErrorNotice error={merge.error} title="The profiles were not merged" />}
        </ConfirmDialog>
      )}
    </section>
  );
}
