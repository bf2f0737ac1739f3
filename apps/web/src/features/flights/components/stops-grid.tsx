import { useState } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { cellFilter, type StopsGrid as Grid, isCellChosen } from '../offer-filters.ts';
import type { ResultView } from '../search-params.ts';

const STOP_NAMES = ['Direct', '1 stop', '2+ stops'];
/** "1,234.00": a cell's amount; the currency is said once, in the caption. */
const amount = (text: string) => {
  const [whole = '0', cents = '00'] = text.split('.');
  return `${formatCount(Number(whole))}.${cents}`;
};

/**
 * The airline × stops grid of lowest totals, above the list: a cell is a filter (its airline and its stops; chosen
 * again, it clears them). Wide: airlines across, stops down; on a phone the other way round, so it never scrolls
 * sideways. The cheapest airlines first; the rest on demand.
 */
export function StopsGrid({
  grid,
  view,
  narrow,
  onFilter,
}: {
  grid: Grid;
  view: ResultView;
  narrow: boolean;
  onFilter: (patch: Record<string, string | null>) => void;
}) {
  const [all, setAll] = useState(false);
  const first = narrow ? 5 : 8;
  const airlines = all ? grid.airlines : grid.airlines.slice(0, first);
  if (grid.airlines.length === 0) return null;
  const currency = grid.airlines[0]?.lowest.currency ?? '';
  const cell = (code: string, name: string, stops: number) => {
    const price = grid.cell(code, stops);
    if (!price)
      return (
        <td key={`${code}-${stops}`} className="grid-none" aria-label={`${name}, ${STOP_NAMES[stops]}: none`}>
          –
        </td>
      );
    const chosen = isCellChosen(view, code, stops);
    return (
      <td key={`${code}-${stops}`}>
        <button
          type="button"
          className={chosen ? 'grid-cell chosen' : 'grid-cell'}
          aria-pressed={chosen}
          aria-label={`${name}, ${STOP_NAMES[stops]}, from ${amount(price.amount)} ${price.currency}`}
          onClick={() => onFilter(cellFilter(view, code, stops))}
        >
          {amount(price.amount)}
        </button>
      </td>
    );
  };
  const more =
    grid.airlines.length > first ? (
      <button
        type="button"
        className="link-button grid-more"
        onClick={() => setAll(!all)}
        aria-expanded={all}
      >
        {all ? `The ${first} cheapest airlines only` : `All ${grid.airlines.length} airlines`}
      </button>
    ) : null;
  const caption = (
    <caption>
      Lowest total by airline and stops, {currency} <span className="muted">· choose one to filter</span>
    </caption>
  );
  if (narrow)
    return (
      <div className="stops-grid">
        <table>
          {caption}
          <thead>
            <tr>
              <th scope="col">Airline</th>
              {grid.stops.map((n) => (
                <th key={n} scope="col">
                  {STOP_NAMES[n]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {airlines.map((a) => (
              <tr key={a.code}>
                <th scope="row">{a.name}</th>
                {grid.stops.map((n) => cell(a.code, a.name, n))}
              </tr>
            ))}
          </tbody>
        </table>
        {more}
      </div>
    );
  // Wide: bands of eight airlines, each with its own header row, so many airlines wrap instead of overflowing.
  const bands: (typeof airlines)[] = [];
  for (let i = 0; i < airlines.length; i += first) bands.push(airlines.slice(i, i + first));
  return (
    <div className="stops-grid">
      <table>
        {caption}
        {bands.map((band, b) => (
          <tbody key={band[0]?.code ?? b}>
            <tr>
              <td />
              {band.map((a) => (
                <th key={a.code} scope="col">
                  {a.name}
                </th>
              ))}
              {Array.from({ length: first - band.length }, (_, i) => (
                <td key={`pad-${i}`} />
              ))}
            </tr>
            {grid.stops.map((n) => (
              <tr key={n}>
                <th scope="row">{STOP_NAMES[n]}</th>
                {band.map((a) => cell(a.code, a.name, n))}
                {Array.from({ length: first - band.length }, (_, i) => (
                  <td key={`pad-${i}`} />
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      {more}
    </div>
  );
}
