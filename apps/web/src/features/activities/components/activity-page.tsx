import {
  type ActivityAvailability,
  type ActivityProduct,
  priceActivityBooking,
  productImages,
  travelerCategoryOf,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { LinkNotice } from '../../../components/link-notice.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { useAfterPaint } from '../../../lib/after-paint.ts';
import { useClientPrices } from '../../../lib/client-prices.ts';
import { formatMoney } from '../../../lib/format.ts';
import { unreadableDates } from '../../../lib/link-reading.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { useNarrow } from '../../../lib/narrow.ts';
import { loadOrReload } from '../../../lib/new-version.ts';
import { availabilityQuery, useActivityProduct, useAvailability } from '../api/activities.ts';
import { readSelection, type Selection, writeSelection } from '../search-params.ts';
import { CATEGORY, placesLeft, placesLeftAsWritten, readRates, travelersProblem } from '../travellers.ts';
import { categoryLabel } from './activity-search-page.tsx';
import '../activities.css';

// The calendar (react-day-picker with date-fns) is drawn only once the bookable dates have come: it loads after the
// first paint, asked for as the page mounts, so it arrives while the dates are being asked for. Once it has come it is
// drawn at once, not through the lazy one (which would show its placeholder for a frame, and React holds a
// placeholder's content back for up to 300 ms).
type Calendar = typeof import('./date-calendar.tsx').DateCalendar;
let loaded: Calendar | null = null;
const loadCalendar = () =>
  import('./date-calendar.tsx').then((module) => {
    loaded = module.DateCalendar;
    return module;
  });
const LazyCalendar = lazy(async () => ({ default: (await loadOrReload(loadCalendar)).DateCalendar }));
function DateCalendar(props: ComponentProps<Calendar>) {
  // Chosen once: a calendar that came while its placeholder was up stays the lazy one (switching would redraw it).
  const [Drawn] = useState<ComponentType<ComponentProps<Calendar>>>(() => loaded ?? LazyCalendar);
  return (
    <Suspense fallback={<p className="loading calendar-loading">Loading the calendar…</p>}>
      <Drawn {...props} />
    </Suspense>
  );
}

function Gallery({ product }: { product: ActivityProduct }) {
  const images = productImages(product);
  return (
    <ul className="gallery" aria-label="Images">
      {images.map((src, i) => (
        <li key={src}>
          <img
            src={mediaUrl(src)}
            alt={`${product.title}, view ${i + 1} of ${images.length}`}
            // The first image is the page's largest picture: asked for at once, ahead of the rest.
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'auto'}
          />
        </li>
      ))}
    </ul>
  );
}

/** A product: what it is, its types, the calendar of bookable dates, then a date's timeslots, places and prices. */
export function ActivityPage() {
  const { productId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const product = useActivityProduct(productId);
  // The product, its pictures and its options are painted first; the dates, the options' prices and the calendar are
  // asked for once they have been shown (on the console's first screen; lib/after-paint.ts).
  const painted = useAfterPaint(product.isSuccess);
  // Fetched ahead, in the background (a failure here reloads nothing; the calendar's own load does, when drawn).
  useEffect(() => {
    if (painted) loadCalendar().catch(() => undefined);
  }, [painted]);
  const headlinePrice = useClientPrices();
  const selection = useMemo(() => readSelection(params), [params]);
  const choose = (next: Partial<Selection>) =>
    setParams(writeSelection({ ...selection, ...next }), { replace: true, preventScrollReset: true });

  if (product.isPending) return <p className="loading">Loading the activity…</p>;
  if (product.error)
    return (
      <div className="page stack">
        <QueryErrorNotice query={product} title="Could not load this activity" />
        <Link to="/activities">Back to activities</Link>
      </div>
    );
  const p = product.data;
  const typeId = p.product_types.some((t) => t.id === selection.type)
    ? selection.type
    : (p.product_types[0]?.id ?? null);

  return (
    <div className="page stack">
      <div className="page-head">
        <h1>{p.title}</h1>
        <Link to="/activities">Back to activities</Link>
      </div>
      {p.title_translated && p.title_translated !== p.title && <p className="muted">{p.title_translated}</p>}
      <p>
        {p.city}, {p.country} · from{' '}
        <strong>
          {formatMoney(headlinePrice({ product: 'activity', net: p.from, activity: p.id }).client)}
        </strong>{' '}
        · {p.categories.map(categoryLabel).join(', ')}
      </p>
      <Gallery product={p} />
      <p>{p.description}</p>
      <LinkNotice
        dropped={unreadableDates(params, { date: 'the date' })}
        next="Choose a date in the calendar."
      />

      {p.product_types.length > 1 && (
        <fieldset className="option-group">
          <legend>Choose an option</legend>
          {p.product_types.map((type) => (
            <label key={type.id} className="check">
              <input
                type="radio"
                name="product-type"
                checked={type.id === typeId}
                // The work starts here: the screen's focus lands on the option chosen (decision 050).
                data-screen-focus={type.id === typeId || undefined}
                onChange={() => choose({ type: type.id, date: null, slot: null })}
              />
              {type.title}
              {type.title_translated && type.title_translated !== type.title && (
                <span className="muted small"> · {type.title_translated}</span>
              )}
              {painted && <TypePrice typeId={type.id} productId={productId} />}
            </label>
          ))}
        </fieldset>
      )}
      {typeId &&
        (painted ? (
          <Availability key={typeId} productId={p.id} typeId={typeId} selection={selection} choose={choose} />
        ) : (
          <p className="loading">Loading the bookable dates…</p>
        ))}
    </div>
  );
}

/** What one option costs per person on its first bookable date, so options can be compared. */
function TypePrice({ typeId, productId }: { typeId: string; productId: string }) {
  const priceFor = useClientPrices();
  // Prices are given per date: the option's first bookable date's, read the same way the calendar reads it.
  const dates = useQuery(availabilityQuery(typeId, null));
  const first = dates.data?.dates[0]?.date ?? null;
  const availability = useQuery({ ...availabilityQuery(typeId, first), enabled: first !== null });
  // An adult's price when the option names one; else its lowest price above zero (free places are not a price).
  const rates = (availability.data?.rates ?? []).filter((rate) => Number(rate.price.amount) > 0);
  const adult = rates.find((rate) => travelerCategoryOf(rate.category) === 'adult');
  const shown =
    adult ??
    rates.reduce<(typeof rates)[number] | undefined>(
      (min, rate) => (!min || Number(rate.price.amount) < Number(min.price.amount) ? rate : min),
      undefined,
    );
  if (!shown) return null;
  // What the client pays for one person (decision 032).
  const client = priceFor({ product: 'activity', net: shown.price, activity: productId }).client;
  return <span className="muted small"> · from {formatMoney(client)} a person</span>;
}

function Availability({
  productId,
  typeId,
  selection,
  choose,
}: {
  productId: string;
  typeId: string;
  selection: Selection;
  choose: (next: Partial<Selection>) => void;
}) {
  const dates = useAvailability(typeId, null);
  const day = useAvailability(typeId, selection.date);
  const narrow = useNarrow();
  const bookable = useMemo(() => new Set((dates.data?.dates ?? []).map((d) => d.date)), [dates.data]);
  const first = dates.data?.dates[0]?.date;
  const last = dates.data?.dates.at(-1)?.date;

  if (dates.isPending) return <p className="loading">Loading the bookable dates…</p>;
  if (dates.error) return <QueryErrorNotice query={dates} title="Could not load the bookable dates" />;
  if (!first || !last)
    return <p className="notice">No date can be booked for this option in the coming months.</p>;

  const chosen = selection.date && day.data?.date === selection.date ? day.data : null;
  return (
    <div className="availability">
      <section aria-labelledby="dates-title" className="card">
        <h2 id="dates-title">Date</h2>
        <p className="muted small">
          {bookable.size} bookable dates. Dates and times are local to the activity ({dates.data.timezone}).
        </p>
        <DateCalendar
          months={narrow ? 1 : 2}
          first={first}
          last={last}
          bookable={bookable}
          chosen={selection.date}
          onChoose={(date) => choose({ date, slot: null })}
        />
      </section>
      {selection.date && (
        <section aria-labelledby="day-title" className="card stack">
          <h2 id="day-title">
            {day.data?.weekday ?? ''} {selection.date}
          </h2>
          {day.isPending && <p className="loading">Loading times and places…</p>}
          {day.error && <QueryErrorNotice query={day} title="Could not load this date" />}
          {chosen && (
            <DayChoice
              productId={productId}
              typeId={typeId}
              day={chosen}
              selection={selection}
              choose={choose}
            />
          )}
        </section>
      )}
    </div>
  );
}

function DayChoice({
  productId,
  typeId,
  day,
  selection,
  choose,
}: {
  productId: string;
  typeId: string;
  day: ActivityAvailability;
  selection: Selection;
  choose: (next: Partial<Selection>) => void;
}) {
  const priceFor = useClientPrices();
  if (!day.available) return <p className="notice">This date is sold out. Choose another.</p>;
  const slot = day.timeslots.length === 1 ? (day.timeslots[0]?.start_time ?? null) : selection.slot;
  const problem = travelersProblem(day, selection.travelers);
  const price = priceActivityBooking(
    day.rates,
    selection.travelers,
    { per_booking: [], per_pax: [] },
    undefined,
  );
  // What the client pays for the tickets (decision 032): the office's fee on the supplier's price.
  const client = priceFor({ product: 'activity', net: price.total, activity: productId });
  const needsSlot = day.timeslots.length > 0 && !slot;
  // Categories are strings in the document, read by meaning; adults, children and seniors are the ones a booking
  // can carry, and any other is shown as the service wrote it.
  const { bookable: rates, other } = readRates(day.rates);
  // A booking again (decision 054) carries its marker on to the book page.
  const rebook = new URLSearchParams(window.location.search).get('rebook');
  const next = `${writeSelection({ ...selection, type: null, slot }, { product: productId })}${rebook ? `&${new URLSearchParams({ rebook })}` : ''}`;
  return (
    <>
      {day.timeslots.length > 0 ? (
        <fieldset className="option-group slots">
          <legend>Start time</legend>
          {day.timeslots.map((t) => (
            <label key={t.start_time} className="check slot">
              <input
                type="radio"
                name="timeslot"
                checked={slot === t.start_time}
                onChange={() => choose({ slot: t.start_time })}
              />
              {t.start_time}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="small">Any time that day: no start time to choose.</p>
      )}
      <table className="data capacity">
        <caption className="visually-hidden">Prices and places left</caption>
        <thead>
          <tr>
            <th scope="col">Traveller</th>
            <th scope="col">Price each</th>
            <th scope="col">Places left</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <RateRow
              key={rate.as}
              label={CATEGORY[rate.as].label}
              rate={rate}
              left={placesLeft(day, rate.as)}
            />
          ))}
          {other.map((rate) => (
            <RateRow
              key={`other-${rate.category}`}
              label={`${rate.category} (not bookable here)`}
              rate={rate}
              left={placesLeftAsWritten(day, rate.category)}
            />
          ))}
        </tbody>
      </table>
      {other.length > 0 && (
        <p className="muted small">
          A booking names adults, children and seniors only: {other.map((rate) => rate.category).join(', ')}{' '}
          {other.length === 1 ? 'is' : 'are'} shown as the supplier lists {other.length === 1 ? 'it' : 'them'}
          .
        </p>
      )}
      <fieldset className="row travellers">
        <legend>Travellers</legend>
        {rates.map((rate) => {
          const { label, field, min } = CATEGORY[rate.as];
          const left = placesLeft(day, rate.as);
          const soldOut = left === 0;
          return soldOut ? (
            <div key={rate.as} className="field number-field">
              <label>
                {label}
                <input type="number" value={0} disabled aria-describedby={`sold-out-${rate.as}`} />
              </label>
              <span id={`sold-out-${rate.as}`} className="muted small">
                Sold out
              </span>
            </div>
          ) : (
            <NumberField
              key={rate.as}
              label={label}
              value={selection.travelers[field]}
              min={min}
              max={Math.min(20, left ?? 20)}
              onChange={(value) => choose({ travelers: { ...selection.travelers, [field]: value } })}
            />
          );
        })}
      </fieldset>
      {problem && (
        <p role="alert" className="notice notice-error">
          {problem}
        </p>
      )}
      <div className="row total-row">
        <p>
          Tickets: <strong>{formatMoney(client.client)}</strong>{' '}
          {client.fee.amount !== '0.00' && (
            <span className="muted small">net {formatMoney(price.total)} · </span>
          )}
          <span className="muted small">
            ({price.lines.map((line) => `${line.quantity} × ${line.label.toLowerCase()}`).join(', ')}; options
            and add-ons are priced on the next page)
          </span>
        </p>
        {problem || needsSlot ? (
          <p className="muted small">
            {needsSlot ? 'Choose a start time to continue.' : 'Change the travellers to continue.'}
          </p>
        ) : (
          <Link className="button primary" to={`/activities/book/${typeId}?${next}`}>
            Continue to booking
          </Link>
        )}
      </div>
    </>
  );
}

function RateRow({
  label,
  rate,
  left,
}: {
  label: string;
  rate: ActivityAvailability['rates'][number];
  left: number | null;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        {Number(rate.price.amount) === 0 ? `Free (${formatMoney(rate.price)})` : formatMoney(rate.price)}
      </td>
      <td>{left === null ? 'No limit' : left === 0 ? 'Sold out' : left}</td>
    </tr>
  );
}
