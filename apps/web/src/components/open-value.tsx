import { MoneySchema } from '@console/contract';
import { formatMoney } from '../lib/format.ts';
import './open-value.css';

/**
 * A value the service sent in a shape the console does not know (the document leaves it "not shown"): shown as
 * labels and values an agent can read, never as raw JSON. Objects become term lists, arrays lists, keys sentences.
 */
export function OpenValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  if (typeof value === 'boolean') return <>{value ? 'yes' : 'no'}</>;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
    return <>{String(value)}</>;
  if (depth > 6) return <span className="muted">…</span>;
  const money = MoneySchema.safeParse(value);
  if (money.success) return <>{formatMoney(money.data)}</>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">none</span>;
    if (value.every((item) => item === null || typeof item !== 'object'))
      return <>{value.map((item) => (item === null ? '—' : String(item))).join(', ')}</>;
    return (
      <ol className="open-value-list">
        {value.map((item, index) => (
          // Items have no identity of their own beyond their place in the list the service sent.
          <li key={index}>
            <OpenValue value={item} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return <span className="muted">—</span>;
    return (
      <dl className="open-value">
        {entries.map(([key, item]) => (
          <div key={key}>
            <dt>{labelOf(key)}</dt>
            <dd>
              <OpenValue value={item} depth={depth + 1} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return null;
}

/** `given_name` → "Given name", `ticketNumber` → "Ticket number". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
