import { AUDIT_RESULTS } from '@console/contract';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { useAudit } from '../api.ts';
import { AdminNav, AdminOnly } from './admin-page.tsx';

const KEYS = ['user', 'action', 'result', 'from', 'to'] as const;

/** Every money-moving action: who, when, what, how much, with which Idempotency-Key, and how it ended. */
export function AuditPage() {
  const { form, set, apply, search, submit } = useUrlFilters(KEYS);
  const audit = useAudit(search);
  const csv = `/api/admin/audit?${new URLSearchParams([...new URLSearchParams(search), ['format', 'csv']])}`;

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
          <TextField label="From" type="date" value={form.from} onChange={set('from')} />
          <TextField label="To" type="date" value={form.to} onChange={set('to')} />
          <button type="submit" className="button search-button">
            Filter
          </button>
          <a className="button search-button" href={csv} download>
            Export CSV
          </a>
        </form>
        {audit.error && <QueryErrorNotice query={audit} title="Could not read the audit log" />}
        {audit.data && (
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
                    <div className="muted small">{entry.resource_id ?? ''}</div>
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
        )}
        {audit.data?.data.length === 0 && <p className="empty">No entry matches.</p>}
      </div>
    </AdminOnly>
  );
}
