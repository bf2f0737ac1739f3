import { AUDIT_RESULTS, browserLabel, type Matched, matchedWords } from '@console/contract';
import { DateField } from '../../../components/date-field.tsx';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { useUrlPage } from '../../../lib/url-page.ts';
import { auditCsvHref, useAudit } from '../api/audit.ts';
import { AdminNav, AdminOnly } from './admin-page.tsx';

const KEYS = ['user', 'action', 'result', 'from', 'to'] as const;

/** What the export holds, in an admin's words: the range and the filters. */
function exportScope(
  filters: Record<(typeof KEYS)[number], string>,
  matched: Matched | null | undefined,
): string {
  const what = matched ? matchedWords(matched, 'entry', 'entries') : 'every entry';
  const range =
    filters.from && filters.to
      ? ` from ${filters.from} to ${filters.to}`
      : filters.from
        ? ` from ${filters.from} on`
        : filters.to
          ? ` up to ${filters.to}`
          : ' of the whole log';
  const by = [
    filters.user && `by ${filters.user}`,
    filters.action && `action ${filters.action}`,
    filters.result && `result ${filters.result}`,
  ].filter(Boolean);
  return `${what}${range}${by.length ? ` (${by.join(', ')})` : ''}`;
}

/** Every money-moving action: who, when, what, how much, with which Idempotency-Key, and how it ended. */
export function AuditPage() {
  const { filters, form, set, apply, search, submit } = useUrlFilters(KEYS);
  const paging = useUrlPage();
  const audit = useAudit(paging.query(search));
  // The export is every entry the filters match, not the page on screen.
  const csv = auditCsvHref(search);
  const data = audit.data;

  return (
    <AdminOnly>
      <div className="page stack">
        <h1>Audit log</h1>
        <AdminNav />
        <form aria-label="Filter the audit log" className="card row" onSubmit={submit}>
          <TextField label="User email" value={form.user} onChange={set('user')} />
          <TextField
            label="Action"
            value={form.action}
            onChange={set('action')}
            placeholder="hotel.order.confirm"
          />
          <SelectField
            label="Result"
            value={form.result}
            options={[{ id: '', label: 'Any result' }, ...AUDIT_RESULTS.map((r) => ({ id: r, label: r }))]}
            onChange={(result) => apply({ ...form, result })}
          />
          <DateField label="From" value={form.from || null} onChange={(v) => set('from')(v ?? '')} />
          <DateField label="To" value={form.to || null} onChange={(v) => set('to')(v ?? '')} />
          <button type="submit" className="button search-button">
            Filter
          </button>
          <a className="button search-button" href={csv} download>
            Export CSV
          </a>
        </form>
        <p className="muted small" id="audit-export-scope">
          Export CSV downloads {exportScope(filters, data?.matched)}, not only this page.
        </p>
        {audit.error && <QueryErrorNotice query={audit} title="Could not read the audit log" />}
        {audit.data && (
          <TableScroll>
            <table
              className="data audit"
              aria-label="Audit entries"
              aria-busy={audit.isPlaceholderData || undefined}
            >
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Idempotency-Key</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.data.map((entry) => (
                  <tr key={entry.id}>
                    <td className="small">{whenLocal(entry.at)}</td>
                    <td className="small">{entry.user.email}</td>
                    <th scope="row">
                      {entry.action}
                      <div className="muted small">
                        {/* A sign-in says from where, in what and with which factor. */}
                        {entry.resource_id ??
                          [entry.address, entry.browser ? browserLabel(entry.browser) : null, entry.factor]
                            .filter(Boolean)
                            .join(' · ')}
                      </div>
                    </th>
                    <td>
                      {/* Money that came back to the wallet (a refund) is shown as such, with a minus. */}
                      {entry.amount
                        ? `${entry.action.endsWith('.refund') ? '−' : ''}${formatMoney(entry.amount)}`
                        : '—'}
                    </td>
                    <td className="small mono">{entry.idempotency_key ?? '—'}</td>
                    <td>
                      {entry.result}
                      {entry.error_code ? <div className="muted small">{entry.error_code}</div> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        {data?.data.length === 0 && <p className="empty">No entry matches.</p>}
        <Pager
          label="Pages of the audit log"
          nouns={['entry', 'entries']}
          paging={paging}
          list={data}
          loading={audit.isPlaceholderData}
        />
      </div>
    </AdminOnly>
  );
}
