import type { ActivityProduct, ActivitySort } from '@console/contract';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatMoney, sentence } from '../../../lib/format.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { useActivityProducts } from '../api/activities.ts';
import {
  type BrowseForm,
  LANGUAGES,
  readBrowseForm,
  readProductsQuery,
  SORT_LABELS,
  writeBrowseForm,
} from '../search-params.ts';
import '../activities.css';

export const categoryLabel = (category: string) => sentence(category.replace(/_/g, ' '));

const SORTS = (Object.keys(SORT_LABELS) as ActivitySort[]).map((id) => ({ id, label: SORT_LABELS[id] }));

/** Categories met so far in answers, offered as suggestions in the category field. */
const seenCategories = new Set<string>();

function ActivityCard({
  product,
  linkRef,
}: {
  product: ActivityProduct;
  linkRef?: (a: HTMLAnchorElement | null) => void;
}) {
  const translated = product.title_translated && product.title_translated !== product.title;
  return (
    // A row the shell's j/k walk (decision 046): Enter on it opens the activity, its title's link.
    <li className="activity-card" data-row tabIndex={-1}>
      {product.image_url ? (
        <img src={mediaUrl(product.image_url)} alt="" loading="lazy" width={160} height={110} />
      ) : (
        <div className="activity-no-image" aria-hidden="true" />
      )}
      <div className="activity-main">
        <h2 className="activity-title">
          <Link ref={linkRef} to={`/activities/${product.id}`} data-row-open>
            {product.title}
          </Link>
        </h2>
        {translated && (
          <p className="muted small" lang={undefined}>
            {product.title_translated}
          </p>
        )}
        <p className="small">
          {product.city}, {product.country}
        </p>
        <ul className="tags" aria-label="Categories">
          {product.categories.map((category) => (
            <li key={category} className="tag">
              {categoryLabel(category)}
            </li>
          ))}
        </ul>
      </div>
      <div className="activity-price">
        <span className="muted small">from</span>
        <strong>{formatMoney(product.from)}</strong>
        <span className="muted small">per adult</span>
      </div>
    </li>
  );
}

/** Browse the catalogue: text, place, category, price range and sort in the URL; "Load more" keeps what is shown. */
export function ActivitySearchPage() {
  const [params, setParams] = useSearchParams();
  const initial = useMemo(() => readBrowseForm(params), [params]);
  const [form, setForm] = useState<BrowseForm>(initial);
  useEffect(() => setForm(initial), [initial]);
  const asked = useMemo(() => readProductsQuery(params, seenCategories), [params]);
  const products = useActivityProducts(asked.query);
  const list = products.data?.pages.flatMap((page) => page.data) ?? [];
  const total = products.data?.pages[0]?.total ?? 0;
  for (const product of list) for (const category of product.categories) seenCategories.add(category);
  const stale = products.isPlaceholderData;

  // After "Load more", focus moves to the first new card, so a keyboard user carries on where the list grew.
  const firstNew = useRef<number | null>(null);
  const focusLink = (index: number) => (a: HTMLAnchorElement | null) => {
    if (a && firstNew.current === index) {
      a.focus();
      firstNew.current = null;
    }
  };

  const set = (key: keyof BrowseForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(writeBrowseForm(form));
  };

  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Activities</h1>
        <Link to="/activities/bookings">Activity bookings</Link>
      </div>
      <form aria-label="Find activities" className="card activity-search" onSubmit={submit} noValidate>
        <div className="row">
          <TextField
            label="What"
            data-search-focus
            value={form.query}
            onChange={set('query')}
            placeholder="Louvre, food tour, transfer…"
            error={asked.problem?.field === 'query' ? asked.problem.message : undefined}
          />
          <TextField label="City" value={form.city} onChange={set('city')} placeholder="Paris" />
          <TextField label="Country" value={form.country} onChange={set('country')} placeholder="France" />
          <TextField
            label="Category"
            value={form.category}
            onChange={set('category')}
            list="activity-categories"
            placeholder="museums"
          />
          <datalist id="activity-categories">
            {[...seenCategories].sort().map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </datalist>
        </div>
        <div className="row">
          <TextField
            label="Price from"
            inputMode="decimal"
            value={form.min}
            onChange={set('min')}
            error={asked.problem?.field === 'min' ? asked.problem.message : undefined}
          />
          <TextField
            label="Price up to"
            inputMode="decimal"
            value={form.max}
            onChange={set('max')}
            error={asked.problem?.field === 'max' ? asked.problem.message : undefined}
          />
          <SelectField
            label="Sort"
            value={form.sort}
            options={SORTS}
            onChange={(sort) => setParams(writeBrowseForm({ ...form, sort }))}
          />
          <SelectField
            label="Titles also in"
            value={form.language}
            options={LANGUAGES}
            onChange={(language) => setParams(writeBrowseForm({ ...form, language }))}
          />
          <button type="submit" className="button primary search-button">
            Search
          </button>
        </div>
      </form>

      {products.error && <QueryErrorNotice query={products} title="Could not load activities" />}
      {products.isPending && asked.query && <p className="loading">Looking for activities…</p>}
      {products.data && (
        <section
          aria-label="Activities found"
          aria-busy={stale || undefined}
          className={stale ? 'stale' : undefined}
        >
          <p role="status" className="results-bar">
            {stale
              ? 'Updating results…'
              : total === 0
                ? 'No activity matches. Try fewer words or another place.'
                : `${total} ${total === 1 ? 'activity' : 'activities'}, ${list.length} shown`}
          </p>
          <ul className="activity-list">
            {list.map((product, index) => (
              <ActivityCard key={product.id} product={product} linkRef={focusLink(index)} />
            ))}
          </ul>
          {products.hasNextPage && (
            <button
              type="button"
              className="button"
              disabled={products.isFetchingNextPage}
              onClick={() => {
                firstNew.current = list.length;
                void products.fetchNextPage();
              }}
            >
              {products.isFetchingNextPage ? 'Loading…' : `Load more (${list.length} of ${total} shown)`}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
