import { type Report, type ReportFigures, ReportSchema } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { api } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/format.ts';
import { loadOrReload } from '../../../lib/new-version.ts';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { AdminNav, AdminOnly } from './admin-page.tsx';

const ReportChart = lazy(async () => ({
  default: (await loadOrReload(() => import('./report-chart.tsx'))).ReportChart,
}));

const KEYS = ['from', 'to', 'by'] as const;
const BY = [
  { id: 'day', label: 'By day' },
  { id: 'week', label: 'By week' },
  { id: 'month', label: 'By month' },
] as const;
const PRODUCT_WORDS: Record<string, string> = { flight: 'Flights', hotel: 'Hotels', activity: 'Activities' };
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The columns every table of the report has. */
function Figures({ f }: { f: ReportFigures }) {
  return (
    <>
      <td>{f.bookings}</td>
      <td>{formatMoney(f.net)}</td>
      <td>{formatMoney(f.client)}</td>
      <td>{formatMoney(f.margin)}</td>
      <td>
        {f.cancelled} · {formatMoney(f.cancelled_net)}
      </td>
      <td>
        {f.lapsed} · {formatMoney(f.lapsed_net)}
      </td>
    </>
  );
}
function Head({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">Bookings</th>
        <th scope="col">Net (wallet)</th>
        <th scope="col">Client revenue</th>
        <th scope="col">Margin</th>
        <th scope="col">Cancelled or refunded</th>
        <th scope="col">Holds lapsed</th>
      </tr>
    </thead>
  );
}

/**
 * The office's reports (decision 033): a range of days held in the URL; bookings, net, client revenue and margin by
 * period, product and agent; cancellations and lapsed holds (sales lost). Each table downloads as CSV.
 */
export function ReportsPage() {
  const { filters, form, set, apply, submit } = useUrlFilters(KEYS);
  const from = filters.from || isoDay(-29);
  const to = filters.to || isoDay(0);
  const by = (BY.find((b) => b.id === filters.by)?.id ?? 'day') as Report['by'];
  const query = new URLSearchParams({ from, to, by }).toString();
  const report = useQuery({
    queryKey: ['admin', 'reports', query],
    queryFn: ({ signal }) => api(`/admin/reports?${query}`, { schema: ReportSchema, signal }),
    placeholderData: keepPreviousData,
  });
  const csv = (table: string) => `/api/admin/reports?${query}&format=csv&table=${table}`;
  const data = report.data;
  return (
    <AdminOnly>
      <div className="page stack">
        <h1>Reports</h1>
        <AdminNav />
        <form aria-label="Report range" className="card row wrap" onSubmit={submit}>
          <TextField label="From" type="date" value={form.from || from} onChange={set('from')} />
          <TextField label="To" type="date" value={form.to || to} onChange={set('to')} />
          <SelectField
            label="Group"
            value={(form.by || by) as Report['by']}
            onChange={(value) => apply({ from: form.from || from, to: form.to || to, by: value })}
            options={BY}
          />
          <button type="submit" className="button primary search-button">
            Show
          </button>
        </form>
        {report.error && <QueryErrorNotice query={report} title="Could not make the report" />}
        {report.isPending && <p className="loading">Counting…</p>}
        {data && (
          <div className="stack" aria-busy={report.isPlaceholderData || undefined}>
            <section aria-label="Totals" className="card">
              <dl className="figures">
                <div>
                  <dt>Bookings</dt>
                  <dd>{data.totals.bookings}</dd>
                </div>
                <div>
                  <dt>Net spent (wallet)</dt>
                  <dd>{formatMoney(data.totals.net)}</dd>
                </div>
                <div>
                  <dt>Client revenue</dt>
                  <dd>{formatMoney(data.totals.client)}</dd>
                </div>
                <div>
                  <dt>Margin</dt>
                  <dd>{formatMoney(data.totals.margin)}</dd>
                </div>
                <div>
                  <dt>Cancelled or refunded</dt>
                  <dd>
                    {data.totals.cancelled} · {formatMoney(data.totals.cancelled_net)}
                  </dd>
                </div>
                <div>
                  <dt>Holds lapsed unpaid (sales lost)</dt>
                  <dd>
                    {data.totals.lapsed} · {formatMoney(data.totals.lapsed_net)}
                  </dd>
                </div>
              </dl>
            </section>
            <section aria-labelledby="periods-title" className="card stack">
              <div className="page-head">
                <h2 id="periods-title">
                  Client revenue and margin {BY.find((b) => b.id === data.by)?.label.toLowerCase()}
                </h2>
                <a className="button" href={csv('periods')} download>
                  CSV
                </a>
              </div>
              <Suspense fallback={<p className="loading">Loading the chart…</p>}>
                <ReportChart
                  periods={data.periods.map((p) => p.period)}
                  client={data.periods.map((p) => Number(p.client.amount))}
                  margin={data.periods.map((p) => Number(p.margin.amount))}
                />
              </Suspense>
              <TableScroll>
                <table className="data">
                  <caption className="visually-hidden">The chart's figures, one row per period</caption>
                  <Head first={data.by === 'day' ? 'Day' : data.by === 'week' ? 'Week from' : 'Month'} />
                  <tbody>
                    {data.periods.map((p) => (
                      <tr key={p.period}>
                        <th scope="row">{p.period}</th>
                        <Figures f={p} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </section>
            <section aria-labelledby="products-title" className="card stack">
              <div className="page-head">
                <h2 id="products-title">By product</h2>
                <a className="button" href={csv('products')} download>
                  CSV
                </a>
              </div>
              <TableScroll>
                <table className="data">
                  <Head first="Product" />
                  <tbody>
                    {data.products.map((p) => (
                      <tr key={p.product}>
                        <th scope="row">{PRODUCT_WORDS[p.product] ?? p.product}</th>
                        <Figures f={p} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </section>
            <section aria-labelledby="agents-title" className="card stack">
              <div className="page-head">
                <h2 id="agents-title">By agent</h2>
                <a className="button" href={csv('agents')} download>
                  CSV
                </a>
              </div>
              <TableScroll>
                <table className="data">
                  <Head first="Agent" />
                  <tbody>
                    {data.agents.map((a) => (
                      <tr key={a.agent.id}>
                        <th scope="row">{a.agent.email}</th>
                        <Figures f={a} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </section>
          </div>
        )}
      </div>
    </AdminOnly>
  );
}
