import { AmountSchema, type Statement } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateField } from '../../../components/date-field.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { serviceNow } from '../../../lib/service-clock.ts';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { useUrlPage } from '../../../lib/url-page.ts';
import { walletAlertQuery } from '../../../lib/wallet-alert.ts';
import { statementCsvHref, useSaveWalletAlert, useStatement } from '../api/wallet.ts';
import { AdminNav, AdminOnly } from './admin-page.tsx';
import '../admin.css';

const KEYS = ['from', 'to'] as const;
const KIND_LABEL = {
  hold: 'Held (reserved)',
  payment: 'Paid',
  release: 'Released (reserved no more)',
  refund: 'Refunded',
} as const;
const usd = (amount: string) => formatMoney({ amount, currency: 'USD' });

/** The admin's wallet alert (the low-balance level) and statement (money moves by day, table, chart and CSV). */
export function WalletPage() {
  return (
    <AdminOnly>
      <div className="page stack">
        <h1>Wallet alert and statement</h1>
        <AdminNav />
        <AlertLevel />
        <StatementSection />
      </div>
    </AdminOnly>
  );
}

function AlertLevel() {
  const alert = useQuery(walletAlertQuery);
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveWalletAlert();
  const value = typed ?? alert.data?.threshold?.amount ?? '';
  return (
    <form
      className="card stack"
      aria-label="Low-balance alert"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const text = value.trim();
        const amount = /^\d+$/.test(text) ? `${text}.00` : text;
        if (text !== '' && !AmountSchema.safeParse(amount).success) {
          setProblem('Enter an amount in dollars, like 5000 or 5000.00.');
          return;
        }
        setProblem(null);
        save.mutate(text === '' ? null : amount, {
          onSuccess: (saved) => {
            notify(
              'Wallet alert saved',
              saved.low_balance_threshold === null
                ? 'No alert: the banner stays off.'
                : `Everyone sees a banner when the wallet goes under ${usd(saved.low_balance_threshold)}.`,
            );
            setTyped(null);
          },
        });
      }}
    >
      <h2>Low-balance alert</h2>
      <p className="muted small">
        Agents and admins see a banner when the wallet’s available money falls under this level, or when
        paying the running holds would take it there. Leave it empty for no alert.
      </p>
      <div className="row">
        <TextField
          label="Alert level (USD)"
          inputMode="decimal"
          value={value}
          onChange={setTyped}
          error={problem ?? undefined}
        />
        <button type="submit" className="button primary search-button" disabled={save.isPending}>
          Save alert level
        </button>
      </div>
      {alert.data && alert.data.alerts.length > 0 && (
        <p className="check-warning" role="status">
          Now: {alert.data.alerts.map((a) => a.message).join(' ')}
        </p>
      )}
      {save.error && <ErrorNotice error={save.error} title="The alert level was not saved" />}
    </form>
  );
}

function StatementSection() {
  const { filters, form, set, apply, search } = useUrlFilters(KEYS);
  const paging = useUrlPage();
  const query = paging.query(search);
  const statement = useStatement(query);
  const today = new Date(serviceNow()).toISOString().slice(0, 10);
  const csv = statementCsvHref({ from: filters.from, to: filters.to });
  return (
    <section className="card stack" aria-labelledby="statement-title">
      <h2 id="statement-title">Statement</h2>
      <p className="muted small">
        Every booking’s money as the console saw it: money <strong>reserved</strong> (a hold, and its release)
        apart from money that <strong>moved</strong> (a payment, a refund). Only what moved changes the
        balance; the balance runs from the service’s wallet and is checked against it below.
      </p>
      <form
        className="row"
        aria-label="Statement period"
        onSubmit={(event) => {
          event.preventDefault();
          apply(form);
        }}
      >
        <DateField
          label="From"
          value={form.from || null}
          max={today}
          onChange={(v) => set('from')(v ?? '')}
        />
        <DateField label="To" value={form.to || null} max={today} onChange={(v) => set('to')(v ?? '')} />
        <button type="submit" className="button search-button">
          Show
        </button>
        <a className="button search-button" href={csv} download>
          Download CSV
        </a>
      </form>
      {statement.error && <QueryErrorNotice query={statement} title="Could not load the statement" />}
      {statement.data && (
        <p className="muted small">
          Download CSV saves every move from {statement.data.from} to {statement.data.to}, not only this page.
        </p>
      )}
      {statement.data && <StatementView statement={statement.data} />}
      <Pager
        label="Pages of the statement"
        nouns={['move', 'moves']}
        paging={paging}
        list={statement.data && { ...statement.data, data: statement.data.lines }}
        loading={statement.isPlaceholderData}
      />
    </section>
  );
}

const signed = (amount: string) => (amount.startsWith('-') ? `−${usd(amount.slice(1))}` : usd(amount));

function StatementView({ statement }: { statement: Statement }) {
  const { totals, balance } = statement;
  return (
    <>
      <dl className="statement-figures">
        <div>
          <dt>Money that moved</dt>
          <dd>
            paid {usd(totals.payment)} · refunded {usd(totals.refund)}
          </dd>
          <dd>
            <strong>Net paid {signed(totals.net ?? '0.00')}</strong>
          </dd>
        </div>
        <div>
          <dt>Money reserved (not spent)</dt>
          <dd>
            held {usd(totals.hold)} · released {usd(totals.release)}
          </dd>
        </div>
        {balance && balance.opening !== null && balance.closing !== null && (
          <div>
            <dt>Balance</dt>
            <dd>
              {signed(balance.opening)} on {statement.from} → <strong>{signed(balance.closing)}</strong> at
              the end of {statement.to}
            </dd>
          </div>
        )}
      </dl>
      {balance && (
        <p
          className={balance.difference && balance.difference !== '0.00' ? 'check-warning' : 'muted small'}
          role="status"
        >
          {balance.wallet !== null && <>The service’s wallet now: {signed(balance.wallet)}. </>}
          {balance.explanation}
          {balance.difference && balance.difference !== '0.00' && balance.expected !== null && (
            <> (The console’s payments and refunds leave {signed(balance.expected)}.)</>
          )}
        </p>
      )}
      {statement.days.length > 0 && <StatementChart days={statement.days} />}
      {statement.lines.length === 0 ? (
        <p className="muted">
          {statement.has_more ? 'No move on this page.' : 'No money moved in this period.'}
        </p>
      ) : (
        <TableScroll>
          <table className="data statement-lines">
            <caption className="visually-hidden">Money moves</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Booking</th>
                <th scope="col">By</th>
                <th scope="col" className="num">
                  Reserved
                </th>
                <th scope="col" className="num">
                  Moved
                </th>
                <th scope="col" className="num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.lines.map((line, index) => {
                const reserved = line.kind === 'hold' || line.kind === 'release';
                return (
                  <tr key={`${line.at}:${index}`} className={reserved ? 'reserved' : undefined}>
                    <td>{whenLocal(line.at)}</td>
                    <td className="what">{KIND_LABEL[line.kind]}</td>
                    <td data-label="Booking">{line.booking_id ?? '—'}</td>
                    <td data-label="By">{line.user === 'service' ? 'the service' : line.user}</td>
                    <td className="num" data-label="Reserved">
                      {reserved ? usd(line.amount.amount) : ''}
                    </td>
                    <td className="num" data-label="Moved">
                      {reserved ? '' : `${line.kind === 'refund' ? '+' : '−'}${usd(line.amount.amount)}`}
                    </td>
                    <td className="num" data-label="Balance">
                      {line.balance ? signed(line.balance) : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}

/** The chart's colours; the legend's swatches use the same in admin.css (.swatch-*). */
const COLORS = { hold: '#f59e0b', payment: '#b42318', release: '#1d6f42', refund: '#0b5cad' } as const;

/**
 * One day, two columns: money only reserved (outlined: held above the line, released below) beside money that moved
 * (solid: paid above, refunded below), so a hold and its payment never read as money leaving twice.
 */
function StatementChart({ days }: { days: Statement['days'] }) {
  const width = 720;
  const height = 180;
  const middle = height / 2;
  const cents = (a: string) => Math.round(Number(a) * 100);
  const top = Math.max(
    1,
    ...days.flatMap((d) => [cents(d.hold), cents(d.payment), cents(d.release), cents(d.refund)]),
  );
  const slot = width / days.length;
  const bar = Math.max(3, Math.min(20, slot * 0.3));
  const scale = (v: number) => (v / top) * (middle - 14);
  return (
    <figure className="stack">
      <svg
        className="statement-chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Money reserved and money that moved by day, ${days.length} day${days.length === 1 ? '' : 's'}; the table below has every move.`}
      >
        <line x1="0" x2={width} y1={middle} y2={middle} stroke="#5b6573" />
        {days.map((d, i) => {
          const x = i * slot + slot / 2 - bar - 1;
          const held = scale(cents(d.hold));
          const released = scale(cents(d.release));
          const paid = scale(cents(d.payment));
          const refunded = scale(cents(d.refund));
          const hollow = { fill: 'none', strokeWidth: 2 } as const;
          return (
            <g key={d.day}>
              <title>{`${d.day}: reserved ${usd(d.hold)}, released ${usd(d.release)}; paid ${usd(d.payment)}, refunded ${usd(d.refund)}`}</title>
              <rect x={x} y={middle - held} width={bar} height={held} stroke={COLORS.hold} {...hollow} />
              <rect x={x} y={middle} width={bar} height={released} stroke={COLORS.release} {...hollow} />
              <rect x={x + bar + 2} y={middle - paid} width={bar} height={paid} fill={COLORS.payment} />
              <rect x={x + bar + 2} y={middle} width={bar} height={refunded} fill={COLORS.refund} />
              {days.length <= 14 && (
                <text x={x + bar + 1} y={height - 2} fontSize="10" textAnchor="middle" fill="#5b6573">
                  {d.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="small muted">
        Outlined, money only reserved: <span className="swatch swatch-hold">□</span> held above the line,{' '}
        <span className="swatch swatch-release">□</span> released below. Solid, money that moved:{' '}
        <span className="swatch swatch-payment">■</span> paid above,{' '}
        <span className="swatch swatch-refund">■</span> refunded below.
      </figcaption>
    </figure>
  );
}
