import type { Quote } from '@console/contract';
import { zonedWords } from '../platform/zoned-time.ts';
import { type Block, textBlock as block, documentPdf, MUTED } from '../trips/index.ts';

const money = (m: { amount: string; currency: string }) =>
  `${Number(m.amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${m.currency}`;

/**
 * A quote for the client (decision 034): each option with the price the client pays — never the net or the fee, which
 * are the office's — and until when that price holds, as the service said; the client's name and the agent's note.
 */
export function quotePdf(quote: Quote, issuedAt: Date, timeZone = 'UTC'): Promise<Uint8Array> {
  // In the zone of the agent who made it, the zone named (decision 049).
  const when = (iso: string) => zonedWords(iso, timeZone);
  const blocks: Block[] = [
    block('Quote', 56, 24, 'bold', undefined, 8),
    block(`For ${quote.client_name}`, 56, 14, 'bold'),
    block(`Quote ${quote.id} · prepared by ${quote.agent.email}`, 56, 10, 'regular', MUTED),
    block(`Issued ${when(issuedAt.toISOString())}`, 56, 9, 'regular', MUTED, quote.note ? 10 : 24),
    ...(quote.note ? [block(quote.note, 56, 11, 'regular', undefined, 20)] : []),
  ];
  quote.options.forEach((option, index) => {
    blocks.push({ ...block(`Option ${index + 1}`, 56, 11, 'bold'), beside: true, room: 70 });
    blocks.push(block(option.label, 140, 11, 'regular'));
    blocks.push(block(money(option.client), 140, 14, 'bold'));
    blocks.push(
      block(
        option.expires_at
          ? `This price holds until ${when(option.expires_at)}.`
          : 'This price is checked again when you book.',
        140,
        9,
        'regular',
        MUTED,
        18,
      ),
    );
  });
  blocks.push(
    block('Prices include our service fee and every tax the supplier charges.', 56, 9, 'regular', MUTED),
  );
  return documentPdf({ title: `Quote for ${quote.client_name}`, subject: quote.id, issuedAt }, blocks);
}
