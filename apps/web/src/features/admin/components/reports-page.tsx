import type { Report, ReportFigures } from '@console/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field.tsx';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { loadOrReload } from '../../../lib/new-version.ts';
import { serviceNow } from '../../../lib/service-clock.ts';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { reportCsvHref, useReport } from '../api/reports.ts';
import { AdminNav, AdminOnly } from './admin-page.tsx';
import './reports-page.css';

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
/** A UTC day counted from the service's today: the bookings' days are the service's (their time is its clock's). */
const isoDay = (offset: number) => new Date(serviceNow() + offset * 86_400_000).toISOString().slice(0, 10);

/** A figure that may be below zero (a margin, a day's net), with a true minus sign; digits exact as sent. */
export const signedMoney = (m: { amount: string; currency: 'USD' }) =>
  m.amount.startsWith('-') ? `−${formatMoney({ ...m, amount: m.amount.slice(1) })}` : formatMoney(m);

/** The columns every table of the report has. */
function Figures({ f }: { f: ReportFigures }) {
  return (
    <>
      <td>{signedMoney(f.net_paid)}</td>
      <td>{signedMoney(f.client)}</td>
      <td>{signedMoney(f.margin)}</td>
      <td>
        {f.lost} · {formatMoney(f.lost_net)}
      </td>
      <td>
        {f.on_hold} · {formatMoney(f.on_hold_net)}
      </td>
      <td>{f.bookings}</td>
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
        <th scope="col">Net paid (wallet)</th>
        <th scope="col">Owed by clients</th>
        <th scope="col">Margin</th>
        <th scope="col">Lost on cancellations</th>
        <th scope="col">On hold, not paid</th>
        <th scope="col">Bookings made</th>
        <th scope="col">Cancelled or refunded</th>
        <th scope="col">Holds lapsed</th>
      </tr>
    </thead>
  );
}

/** One table of the report, its CSV, and (for the periods) the chart above it. */
function ReportTable({
  id,
  title,
  csv,
  first,
  caption,
  rows,
  children,
}: {
  id: string;
  title: string;
  csv: string;
  first: string;
  caption?: string;
  rows: { key: string; label: string; figures: ReportFigures }[];
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="card stack">
      <div className="page-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <a className="button" href={csv} download>
          CSV
        </a>
      </div>
      {children}
      <TableScroll>
        <table className="data">
          {caption && <caption className="visually-hidden">{caption}</caption>}
          <Head first={first} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <Figures f={row.figures} />
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/**
 * The office's reports (decisions 033, 039): a range of days held in the URL; what the office paid the service (the
 * wallet statement's net for the same days), what its clients owe, the margin and the losses, by period, product and
 * agent; holds not paid apart; bookings made, cancelled and lapsed. Each table downloads as CSV.
 */
export function ReportsPage() {
  const { filters, form, set, apply, submit } = useUrlFilters(KEYS);
  const from = filters.from || isoDay(-29);
  const to = filters.to || isoDay(0);
  const by = (BY.find((b) => b.id === filters.by)?.id ?? 'day') as Report['by'];
  const report = useReport({ from, to, by });
  const csv = (table: string) => reportCsvHref({ from, to, by }, table);
  const data = report.data;
  return (
    <AdminOnly>
      <div className="page stack">
        <h1>Reports</h1>
        <AdminNav />
        <form aria-label="Report range" className="card row wrap" onSubmit={submit}>
          <DateField label="From" value={form.from || from} onChange={(v) => set('from')(v ?? '')} />
          <DateField label="To" value={form.to || to} onChange={(v) => set('to')(v ?? '')} />
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
            <section aria-labelledby="money-title" className="card stack">
              <h2 id="money-title">What happened to the money</h2>
              <dl className="figures">
                <div>
                  <dt>Net paid to the service</dt>
                  <dd>{signedMoney(data.totals.net_paid)}</dd>
                  <dd className="small muted">
                    paid {formatMoney(data.totals.paid)} · refunded {formatMoney(data.totals.refunded)}
                  </dd>
                </div>
                <div>
                  <dt>Owed by clients</dt>
                  <dd>{signedMoney(data.totals.client)}</dd>
                  <dd className="small muted">paid bookings at client price, less those since ended</dd>
                </div>
                <div>
                  <dt>Margin</dt>
                  <dd>{signedMoney(data.totals.margin)}</dd>
                </div>
                <div>
                  <dt>Lost on cancellations</dt>
                  <dd>{formatMoney(data.totals.lost_net)}</dd>
                  <dd className="small muted">
                    {data.totals.lost} paid booking{data.totals.lost === 1 ? '' : 's'} ended without a full
                    refund
                  </dd>
                </div>
              </dl>
              <p className="small muted">
                Net paid is the wallet statement’s payments less its refunds for the same days:{' '}
                <Link to={`/admin/wallet?${new URLSearchParams({ from, to }).toString()}`}>
                  see the statement from {from} to {to}
                </Link>
                .
              </p>
            </section>
            <section aria-labelledby="apart-title" className="card stack">
              <h2 id="apart-title">Apart from the money</h2>
              <dl className="figures">
                <div>
                  <dt>On hold, not paid</dt>
                  <dd>
                    {data.totals.on_hold} · {formatMoney(data.totals.on_hold_net)}
                  </dd>
                  <dd className="small muted">neither spent nor revenue until paid</dd>
                </div>
                <div>
                  <dt>Bookings made</dt>
                  <dd>{data.totals.bookings}</dd>
                </div>
                <div>
                  <dt>Since cancelled or refunded</dt>
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
            <ReportTable
              id="periods"
              title={`Owed by clients and margin ${BY.find((b) => b.id === data.by)?.label.toLowerCase() ?? ''}`}
              csv={csv('periods')}
              first={data.by === 'day' ? 'Day' : data.by === 'week' ? 'Week from' : 'Month'}
              caption="The chart's figures, one row per period"
              rows={data.periods.map((p) => ({ key: p.period, label: p.period, figures: p }))}
            >
              <Suspense fallback={<p className="loading">Loading the chart…</p>}>
                <ReportChart
                  periods={data.periods.map((p) => p.period)}
                  client={data.periods.map((p) => Number(p.client.amount))}
                  margin={data.periods.map((p) => Number(p.margin.amount))}
                />
              </Suspense>
            </ReportTable>
            <ReportTable
              id="products"
              title="By product"
              csv={csv('products')}
              first="Product"
              rows={data.products.map((p) => ({
                key: p.product,
                label: PRODUCT_WORDS[p.product] ?? p.product,
                figures: p,
              }))}
            />
            <ReportTable
              id="agents"
              title="By agent"
              csv={csv('agents')}
              first="Agent"
              rows={data.agents.map((a) => ({ key: a.agent.id, label: a.agent.email, figures: a }))}
            />
          </div>
        )}
      </div>
    </AdminOnly>
  );
}
