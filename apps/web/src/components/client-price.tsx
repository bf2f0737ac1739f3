import { clientPrice, type FeeContext, LedgerEntrySchema, pricingApi } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError, api, call } from '../lib/api.ts';
import { feeRulesQuery } from '../lib/client-prices.ts';
import { formatMoney } from '../lib/format.ts';
import { useMe } from '../lib/me.ts';
import { ErrorNotice } from './error-notice.tsx';
import { TextField } from './text-field.tsx';
import { notify } from './toasts.tsx';
import './client-price.css';

/**
 * What the client pays (decision 032): on a booking form, the net price by the office's fee rules now; on a booking's
 * page, the net, fee and client price the ledger kept when it was made, and changing that booking's fee with a reason.
 */

/** The client's price of something not booked yet: first, with the net and the fee on demand. */
export function OfferClientPrice({ context }: { context: FeeContext }) {
  const rules = useQuery(feeRulesQuery);
  if (!rules.data) return null;
  const priced = clientPrice(rules.data.data, context);
  return (
    <p className="client-price">
      The client pays <strong>{formatMoney(priced.client)}</strong>{' '}
      <details className="inline-details">
        <summary>net and fee</summary>
        net {formatMoney(priced.net)} (what the wallet pays) + fee {formatMoney(priced.fee)}
        {priced.rule ? '' : ': no fee rule fits'}
      </details>
    </p>
  );
}

const entryKey = (id: string) => ['bookings', 'entry', id];

/** A booking's client price as the ledger kept it, and its fee changed by hand with a reason. */
export function BookingClientPrice({ bookingId }: { bookingId: string }) {
  const client = useQueryClient();
  const admin = useMe().data?.user.role === 'admin';
  const entry = useQuery({
    queryKey: entryKey(bookingId),
    queryFn: ({ signal }) =>
      api(`/bookings?ids=${encodeURIComponent(bookingId)}`, {
        schema: z.object({ data: z.array(LedgerEntrySchema) }),
        signal,
      }).then((list) => list.data.find((e) => e.id === bookingId) ?? null),
  });
  const [changing, setChanging] = useState(false);
  const [fee, setFee] = useState('');
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: () =>
      call(pricingApi.setFee, {
        params: { id: bookingId },
        body: pricingApi.setFee.body.parse({
          fee: /^\d+(\.\d{1,2})?$/.test(fee.trim()) ? Number.parseFloat(fee).toFixed(2) : fee.trim(),
          reason,
        }),
      }),
    onSuccess: (updated) => {
      client.setQueryData(entryKey(bookingId), updated);
      void client.invalidateQueries({ queryKey: ['bookings'] });
      setChanging(false);
      notify('Fee changed', `The client pays ${formatMoney(updated.price?.client ?? updated.total)}.`);
    },
  });
  const price = entry.data?.price;
  if (!price) return null;
  const wrong = (param: string) =>
    save.error instanceof ApiError && save.error.param === param
      ? save.error.message.replace(/^\w+: /, '')
      : save.error instanceof z.ZodError
        ? save.error.issues.find((i) => i.path[0] === param)?.message
        : undefined;
  return (
    <section aria-label="What the client pays" className="client-price stack">
      <p>
        The client pays <strong>{formatMoney(price.client)}</strong> · net{' '}
        {formatMoney(entry.data?.total ?? price.client)} · fee (the office's margin) {formatMoney(price.fee)}
        {price.fee_reason ? (
          <> · set by hand: “{price.fee_reason}”</>
        ) : price.rule_id ? (
          ' by the office’s rule'
        ) : (
          ''
        )}
        {!changing && (
          <>
            {' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setFee(price.fee.amount);
                setReason('');
                save.reset();
                setChanging(true);
              }}
            >
              Change the fee
            </button>
          </>
        )}
      </p>
      {changing && (
        <form
          aria-label="Change the fee"
          className="row wrap"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <TextField
            label="Fee (USD)"
            value={fee}
            onChange={setFee}
            inputMode="decimal"
            description={admin ? 'Any amount.' : 'Within the rule’s minimum and maximum.'}
            error={wrong('fee')}
          />
          <TextField
            label="Why"
            value={reason}
            onChange={setReason}
            maxLength={300}
            error={wrong('reason')}
          />
          <button type="submit" className="button primary" disabled={save.isPending}>
            Save the fee
          </button>
          <button type="button" className="button" onClick={() => setChanging(false)}>
            Cancel
          </button>
          {save.error && !wrong('fee') && !wrong('reason') && (
            <ErrorNotice error={save.error} title="The fee was not changed" />
          )}
        </form>
      )}
    </section>
  );
}
