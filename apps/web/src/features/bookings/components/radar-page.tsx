import type { RadarAction, RadarEntry } from '@console/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Countdown } from '../../../components/countdown.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { notify } from '../../../components/toasts.tsx';
import { useChangeCount } from '../../../lib/change-count.ts';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { useUrlPage } from '../../../lib/url-page.ts';
import { ACTION_LABELS, orderPath, useRadar } from '../api/bookings.ts';
import { useClockAction } from '../clock-actions.ts';
import { PRODUCT_LABELS } from './bookings-page.tsx';
import '../bookings.css';

const WHAT: Record<RadarEntry['product'], string> = {
  flight: 'Ticketing deadline',
  hotel: 'Payment deadline',
  activity: 'Hold ends',
};

/** Every running clock, most urgent first, with the action that stops it beside it. */
export function RadarPage() {
  const paging = useUrlPage();
  const radar = useRadar(paging.after);
  const data = radar.data;
  const live = useMe().data?.environment === 'live';
  const action = useClockAction();
  const [asking, setAsking] = useState<{ entry: RadarEntry; action: RadarAction } | null>(null);
  const close = () => setAsking(null);

  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Deadline radar</h1>
        <Link to="/bookings">All bookings</Link>
        <Link to="/changes">Changes</Link>
      </div>
      <ChangesWaiting />
      <p className="muted small">
        Every hold with a clock running, most urgent first. The console checks them with the service every few
        seconds and this list follows every 30 seconds
        {radar.data ? `; last at ${new Date(radar.data.checked_at).toLocaleTimeString('en-GB')}` : ''}.
        {radar.data &&
          !radar.data.wallet_checked &&
          ' The wallet could not be read, so nothing is marked at risk.'}
      </p>
      {radar.error && <QueryErrorNotice query={radar} title="Could not read the running clocks" />}
      {action.error && <ErrorNotice error={action.error} title="That action did not go through" />}
      {radar.isPending && <p className="loading">Reading the running clocks…</p>}
      {data && data.running > 0 && (
        <p role="status" className="results-bar">
          {data.running.toLocaleString('en-US')} clock{data.running === 1 ? '' : 's'} running
          {data.wallet_checked && data.at_risk > 0
            ? `; ${data.at_risk.toLocaleString('en-US')} at risk (the wallet cannot cover ${data.at_risk === 1 ? 'it' : 'them'})`
            : ''}
          .
        </p>
      )}
      {data?.data.length === 0 && <p className="empty">No clock is running: nothing is on hold.</p>}
      {radar.data && radar.data.data.length > 0 && (
        <ol className="radar" aria-label="Running clocks">
          {radar.data.data.map((entry) => (
            <li
              key={entry.id}
              className={entry.at_risk ? 'radar-item card at-risk' : 'radar-item card'}
              data-row
              tabIndex={-1}
            >
              <Countdown deadline={entry.deadline} label={WHAT[entry.product]} />
              <div>
                <Link to={orderPath(entry)} data-row-open>
                  {entry.summary}
                </Link>
                <div className="muted small">
                  {PRODUCT_LABELS[entry.product]} · {entry.reference ?? entry.id} · {entry.people[0] ?? ''} ·{' '}
                  {formatMoney(entry.total)} · by {whenLocal(entry.deadline)}
                </div>
                {entry.at_risk && (
                  <p className="risk small">
                    <strong>At risk:</strong> the wallet's available amount does not cover{' '}
                    {formatMoney(entry.total)}.
                  </p>
                )}
              </div>
              <div className="row">
                {entry.lapsed && (
                  <p className="muted small">Deadline passed: waiting for the service's word on this hold.</p>
                )}
                {entry.actions.map((a) => (
                  <button
                    key={a}
                    type="button"
                    className={a === 'extend' ? 'button' : 'button primary'}
                    onClick={() => setAsking({ entry, action: a })}
                  >
                    {ACTION_LABELS[a]}
                    <span className="visually-hidden"> {entry.summary}</span>
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pager
        label="Pages of running clocks"
        nouns={['clock', 'clocks']}
        paging={paging}
        list={data}
        loading={radar.isPlaceholderData}
      />
      <ConfirmDialog
        isOpen={asking !== null}
        onOpenChange={(open) => !open && close()}
        title={asking ? `${ACTION_LABELS[asking.action]} this booking?` : ''}
        confirmLabel={
          asking
            ? asking.action === 'extend'
              ? 'Extend the deadline'
              : `${ACTION_LABELS[asking.action]} for ${formatMoney(asking.entry.total)}`
            : ''
        }
        live={live}
        pending={action.isPending}
        onConfirm={() =>
          asking &&
          action.mutate(asking, {
            onSuccess: () => {
              notify(`${ACTION_LABELS[asking.action]}: done`, asking.entry.summary);
              close();
            },
            onError: close,
          })
        }
      >
        {asking && (
          <p>
            {asking.action === 'extend'
              ? `The hold stays and ${formatMoney(asking.entry.total)} stays reserved; the hotel moves the deadline later.`
              : `${formatMoney(asking.entry.total)} will be paid from the wallet for ${asking.entry.summary}.`}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

/**
 * What the clocks' rounds found besides (decision 037): a hold that lapsed leaves the radar and is a change to act on,
 * as are the moves the watch saw. Said here, with the way to them.
 */
function ChangesWaiting() {
  const count = useChangeCount();
  const open = count.data?.open ?? 0;
  if (open === 0) return null;
  return (
    <p className="notice">
      <Link to="/changes">
        {count.data?.at_least ? `${open}+` : open} change{open === 1 ? '' : 's'} to act on
      </Link>
      : holds that lapsed, flights the airline moved, bookings cancelled outside the console.
    </p>
  );
}
