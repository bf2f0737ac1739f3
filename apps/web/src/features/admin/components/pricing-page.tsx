import {
  clientPrice,
  type FeeContext,
  type FeePer,
  type FeeProduct,
  type FeeRule,
  type FeeRuleInput,
  placeFeeScope,
} from '@console/contract';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { PlaceCombobox, type PlaceOption } from '../../../components/place-combobox.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api.ts';
import { focusAfter } from '../../../lib/focus-after.ts';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { useCityOptions, useFeeRules, useRemoveFeeRule, useSaveFeeRule } from '../api/pricing.ts';
import { AdminNav, AdminOnly } from './admin-page.tsx';
import '../admin.css';

const PRODUCTS = [
  { id: 'flight', label: 'Flights' },
  { id: 'hotel', label: 'Hotels' },
  { id: 'activity', label: 'Activities' },
] as const satisfies readonly { id: FeeProduct; label: string }[];
const CABINS = [
  { id: '', label: 'Any cabin' },
  { id: 'economy', label: 'Economy' },
  { id: 'premium_economy', label: 'Premium economy' },
  { id: 'business', label: 'Business' },
  { id: 'first', label: 'First' },
] as const;
const STARS = [
  { id: '', label: 'Any rating' },
  ...[1, 2, 3, 4, 5].map((n) => ({ id: String(n), label: `${n} star${n === 1 ? '' : 's'}` })),
];
const PER: Record<FeeProduct, readonly { id: FeePer; label: string }[]> = {
  flight: [
    { id: 'booking', label: 'per booking' },
    { id: 'passenger', label: 'per passenger' },
  ],
  hotel: [
    { id: 'booking', label: 'per booking' },
    { id: 'night', label: 'per night' },
  ],
  activity: [{ id: 'booking', label: 'per booking' }],
};

/** A rule's reach in words: "Hotels in Paris, 5 stars", "Flights, business cabin", "Flights". */
export function ruleScopeWords(rule: Pick<FeeRule, 'product' | 'scope'>): string {
  const product = PRODUCTS.find((p) => p.id === rule.product)?.label ?? rule.product;
  const { cabin, city, city_name, stars, activity, activity_name } = rule.scope;
  const parts = [
    cabin && `${cabin.replace('_', ' ')} cabin`,
    city && `in ${city_name ?? city}`,
    stars && `${stars} stars`,
    activity && `activity ${activity_name ?? activity}`,
  ].filter(Boolean);
  return parts.length ? `${product}, ${parts.join(', ')}` : `${product} (every booking)`;
}

/** A rule's fee in words: "5% + 2.00 USD per passenger, at least 10.00, at most 200.00". */
export function ruleFeeWords(
  rule: Pick<FeeRule, 'percent' | 'fixed' | 'fixed_per' | 'minimum' | 'maximum'>,
): string {
  const percent = Number(rule.percent) > 0 ? `${rule.percent}%` : '';
  const fixed =
    Number(rule.fixed) > 0
      ? `${rule.fixed} USD ${rule.fixed_per === 'booking' ? 'per booking' : `per ${rule.fixed_per}`}`
      : '';
  const bounds = [
    rule.minimum && `at least ${rule.minimum}`,
    rule.maximum && `at most ${rule.maximum}`,
  ].filter(Boolean);
  return [[percent, fixed].filter(Boolean).join(' + ') || 'no fee', ...bounds].join(', ');
}

interface Draft {
  product: FeeProduct;
  cabin: string;
  /** The city's place code, chosen from the service's list (empty: none chosen). */
  city: string;
  /** The chosen city's name, shown in the field. */
  cityName: string;
  /** What is typed in the city field: sent for the server to read (a name of one city) or refuse when none is chosen. */
  cityText: string;
  stars: string;
  activity: string;
  percent: string;
  fixed: string;
  fixed_per: FeePer;
  minimum: string;
  maximum: string;
}
const EMPTY: Draft = {
  product: 'flight',
  cabin: '',
  city: '',
  cityName: '',
  cityText: '',
  stars: '',
  activity: '',
  percent: '0',
  fixed: '0.00',
  fixed_per: 'booking',
  minimum: '',
  maximum: '',
};
const draftOf = (rule: FeeRule): Draft => ({
  product: rule.product,
  cabin: rule.scope.cabin ?? '',
  // A rule saved before with a city typed has no place yet: its text is in the field, to choose a place for.
  city: rule.scope.city_name ? (rule.scope.city ?? '') : '',
  cityName: rule.scope.city_name ?? '',
  cityText: rule.scope.city_name ?? rule.scope.city ?? '',
  stars: rule.scope.stars ? String(rule.scope.stars) : '',
  activity: rule.scope.activity ?? '',
  percent: rule.percent,
  fixed: rule.fixed,
  fixed_per: rule.fixed_per,
  minimum: rule.minimum ?? '',
  maximum: rule.maximum ?? '',
});
/** "12" or "12.5" as "12.00" and "12.50"; anything else as typed, for the server to name. */
const amount = (text: string) =>
  /^\d+(\.\d{1,2})?$/.test(text.trim()) ? Number.parseFloat(text).toFixed(2) : text.trim();
function ruleOf(draft: Draft): FeeRuleInput {
  const scope =
    draft.product === 'flight'
      ? { ...(draft.cabin ? { cabin: draft.cabin } : {}) }
      : draft.product === 'hotel'
        ? {
            ...(draft.city
              ? { city: draft.city, city_name: draft.cityName }
              : draft.cityText.trim()
                ? { city: draft.cityText.trim() }
                : {}),
            ...(draft.stars ? { stars: Number(draft.stars) } : {}),
          }
        : { ...(draft.activity.trim() ? { activity: draft.activity.trim() } : {}) };
  return {
    product: draft.product,
    scope,
    percent: draft.percent.trim() || '0',
    fixed: amount(draft.fixed || '0'),
    fixed_per: PER[draft.product].some((p) => p.id === draft.fixed_per) ? draft.fixed_per : 'booking',
    minimum: draft.minimum.trim() ? amount(draft.minimum) : null,
    maximum: draft.maximum.trim() ? amount(draft.maximum) : null,
  };
}

/** The fields of the rule form by the parameter the server names in a refusal. */
const FIELD_OF: Record<string, keyof Draft> = {
  'scope.cabin': 'cabin',
  'scope.city': 'cityText',
  'scope.stars': 'stars',
  'scope.activity': 'activity',
  percent: 'percent',
  fixed: 'fixed',
  fixed_per: 'fixed_per',
  minimum: 'minimum',
  maximum: 'maximum',
};

/**
 * The office's service fees (decision 032): per product, narrower rules for a cabin, a hotel city or rating, an
 * activity; the most specific applies. A change prices what is booked after it; bookings made keep their fee.
 */
export function PricingPage() {
  const rules = useFeeRules();
  const save = useSaveFeeRule();
  const remove = useRemoveFeeRule();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [removing, setRemoving] = useState<FeeRule | null>(null);
  // A new form (another rule, or the last one saved) starts its city field afresh.
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = save.error instanceof ApiError && save.error.param ? save.error : null;
  const refusedField = refused?.param ? FIELD_OF[refused.param] : undefined;
  const wrong = (field: keyof Draft) =>
    refused && refusedField === field ? refused.message.replace(/^[\w.]+: /, '') : undefined;
  // A refusal puts the cursor on the field it names, whose error is read out with it.
  useEffect(() => {
    if (save.error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [save.error]);
  const edit = (rule: FeeRule) => {
    setEditing(rule.id);
    setDraft(draftOf(rule));
    setFormKey((k) => k + 1);
    save.reset();
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector<HTMLElement>('select, input')?.focus();
  };
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  return (
    <AdminOnly>
      <div className="page stack">
        <h1>Service fees</h1>
        <AdminNav />
        <p className="muted">
          What the office charges its clients on top of the service's net price. The most specific rule that
          fits a booking applies: a hotel city and rating over a city alone over the product's own rule. A
          change prices what is booked after it; bookings already made keep their fee.
        </p>
        {rules.error && <QueryErrorNotice query={rules} title="Could not read the fee rules" />}
        {rules.data && (
          <section aria-labelledby="rules-title" className="card stack">
            <h2 id="rules-title" tabIndex={-1}>
              Rules
            </h2>
            {rules.data.data.length === 0 ? (
              <p className="muted">No rules yet: clients pay the net price.</p>
            ) : (
              <TableScroll>
                <table className="data fee-rules">
                  <caption className="visually-hidden">The office's service-fee rules</caption>
                  <thead>
                    <tr>
                      <th scope="col">Applies to</th>
                      <th scope="col">Fee</th>
                      <th scope="col">Changed</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rules.data.data.map((rule) => (
                      <tr key={rule.id} className={rule.never_applies ? 'never-applies' : undefined}>
                        <td>
                          {ruleScopeWords(rule)}
                          {rule.never_applies && (
                            <p className="field-error">
                              <strong>Never applies:</strong> {rule.never_applies}.
                            </p>
                          )}
                        </td>
                        <td>{ruleFeeWords(rule)}</td>
                        <td>
                          {whenLocal(rule.updated_at)} · {rule.updated_by}
                        </td>
                        <td>
                          <div className="row actions">
                            <button
                              type="button"
                              className="button"
                              onClick={() => edit(rule)}
                              aria-label={`${rule.never_applies ? 'Fix' : 'Change'} the rule for ${ruleScopeWords(rule)}`}
                            >
                              {rule.never_applies ? 'Fix' : 'Change'}
                            </button>
                            <button
                              type="button"
                              className="button"
                              onClick={() => setRemoving(rule)}
                              aria-label={`Remove the rule for ${ruleScopeWords(rule)}`}
                            >
                              Remove
                            </button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>
        )}
        <form
          ref={formRef}
          aria-label={editing ? 'Change the fee rule' : 'Add a fee rule'}
          className="card stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { id: editing, rule: ruleOf(draft) },
              {
                onSuccess: (rule) => {
                  notify(
                    editing ? 'Rule changed' : 'Rule added',
                    `${ruleScopeWords(rule)}: ${ruleFeeWords(rule)}.`,
                  );
                  setEditing(null);
                  setDraft(EMPTY);
                  setFormKey((k) => k + 1);
                  // On to the next rule: the fresh form's first field (its button was busy while saving).
                  focusAfter(formRef.current?.querySelector('select, input'));
                },
              },
            );
          }}
        >
          <h2>{editing ? 'Change the rule' : 'Add a rule'}</h2>
          <div className="row wrap">
            <SelectField label="Product" value={draft.product} onChange={set('product')} options={PRODUCTS} />
            {draft.product === 'flight' && (
              <SelectField
                label="Cabin"
                value={draft.cabin}
                onChange={set('cabin')}
                options={CABINS}
                error={wrong('cabin')}
              />
            )}
            {draft.product === 'hotel' && (
              <>
                <PlaceCombobox
                  key={formKey}
                  label="City (any when empty)"
                  value={draft.city || null}
                  valueLabel={draft.cityText || undefined}
                  onChange={(id, option) =>
                    setDraft((d) => ({
                      ...d,
                      city: id ?? '',
                      cityName: option?.label ?? '',
                      cityText: option?.label ?? d.cityText,
                    }))
                  }
                  onTextChange={set('cityText')}
                  useOptions={useCityOptions}
                  error={wrong('cityText')}
                  placeholder="A city, as the hotel search has it"
                />
                <SelectField
                  label="Rating"
                  value={draft.stars}
                  onChange={set('stars')}
                  options={STARS}
                  error={wrong('stars')}
                />
              </>
            )}
            {draft.product === 'activity' && (
              <TextField
                label="Activity id (any when empty)"
                value={draft.activity}
                onChange={set('activity')}
                maxLength={80}
                error={wrong('activity')}
              />
            )}
          </div>
          <div className="row wrap">
            <TextField
              label="Percent of the net"
              value={draft.percent}
              onChange={set('percent')}
              error={wrong('percent')}
              inputMode="decimal"
            />
            <TextField
              label="Fixed amount (USD)"
              value={draft.fixed}
              onChange={set('fixed')}
              error={wrong('fixed')}
              inputMode="decimal"
            />
            <SelectField
              label="Fixed amount is"
              value={draft.fixed_per}
              onChange={set('fixed_per')}
              options={PER[draft.product]}
              error={wrong('fixed_per')}
            />
            <TextField
              label="At least (USD)"
              value={draft.minimum}
              onChange={set('minimum')}
              error={wrong('minimum')}
              inputMode="decimal"
            />
            <TextField
              label="At most (USD)"
              value={draft.maximum}
              onChange={set('maximum')}
              error={wrong('maximum')}
              inputMode="decimal"
            />
          </div>
          {save.error && !refusedField && <ErrorNotice error={save.error} title="The rule was not saved" />}
          <div className="row">
            <button type="submit" className="button primary" disabled={save.isPending}>
              {editing ? 'Save the rule' : 'Add the rule'}
            </button>
            {editing && (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setEditing(null);
                  setDraft(EMPTY);
                  setFormKey((k) => k + 1);
                  save.reset();
                }}
              >
                Cancel
              </button>
            )}
          </div>
        </form>
        {rules.data && <TryIt rules={rules.data.data} />}
        <ConfirmDialog
          isOpen={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          title="Remove this rule?"
          confirmLabel="Remove"
          live={false}
          onConfirm={() => {
            const rule = removing;
            if (rule)
              remove.mutate(rule.id, {
                onSuccess: () => {
                  notify('Rule removed', ruleScopeWords(rule));
                  // Its row and its Remove button are gone: the list of rules, which no longer has it.
                  focusAfter(document.getElementById('rules-title'));
                },
              });
            setRemoving(null);
          }}
        >
          {removing && `${ruleScopeWords(removing)}: ${ruleFeeWords(removing)}.`} Bookings it priced keep
          their fee.
        </ConfirmDialog>
        {remove.error && <ErrorNotice error={remove.error} title="The rule was not removed" />}
      </div>
    </AdminOnly>
  );
}

/** Which rule a price would get, and the client's price: the arithmetic the console books with. */
function TryIt({ rules }: { rules: FeeRule[] }) {
  const [product, setProduct] = useState<FeeProduct>('flight');
  const [net, setNet] = useState('250.00');
  const [units, setUnits] = useState('1');
  const [cabin, setCabin] = useState('');
  const [city, setCity] = useState<PlaceOption | null>(null);
  const [stars, setStars] = useState('');
  const netOk = /^\d+(\.\d{1,2})?$/.test(net.trim());
  const count = Math.max(1, Number.parseInt(units, 10) || 1);
  const ctx: FeeContext = {
    product,
    net: { amount: netOk ? Number.parseFloat(net).toFixed(2) : '0.00', currency: 'USD' },
    passengers: count,
    nights: count,
    cabin: cabin || null,
    // A stay in the place chosen, priced as a hotel's address there is (the option's detail is its country).
    ...placeFeeScope(city && { name: city.label, country: city.detail }),
    stars: stars ? Number(stars) : null,
  };
  const priced = clientPrice(rules, ctx);
  return (
    <section aria-labelledby="try-title" className="card stack">
      <h2 id="try-title">Try a price</h2>
      <div className="row wrap">
        <SelectField label="Product" value={product} onChange={setProduct} options={PRODUCTS} />
        <TextField label="Net price (USD)" value={net} onChange={setNet} inputMode="decimal" />
        {product !== 'activity' && (
          <TextField
            label={product === 'flight' ? 'Passengers' : 'Nights'}
            value={units}
            onChange={setUnits}
            inputMode="numeric"
          />
        )}
        {product === 'flight' && (
          <SelectField label="Cabin" value={cabin} onChange={setCabin} options={CABINS} />
        )}
        {product === 'hotel' && (
          <>
            <PlaceCombobox
              label="City"
              value={city?.id ?? null}
              onChange={(_, option) => setCity(option)}
              useOptions={useCityOptions}
              placeholder="A city, as the hotel search has it"
            />
            <SelectField label="Rating" value={stars} onChange={setStars} options={STARS} />
          </>
        )}
      </div>
      <p role="status">
        {netOk ? (
          <>
            The client pays <strong>{formatMoney(priced.client)}</strong>: net {formatMoney(priced.net)} + fee{' '}
            {formatMoney(priced.fee)}
            {priced.rule ? ` by the rule for ${ruleScopeWords(priced.rule)}.` : ' (no rule fits: no fee).'}
          </>
        ) : (
          'Type a net price like 250 or 250.00.'
        )}
      </p>
    </section>
  );
}
