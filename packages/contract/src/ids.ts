import { z } from 'zod';

/**
 * Id prefixes. The first six are the spec's; the rest are ours where the spec shows none
 * (see docs/decisions/002-shapes-the-spec-leaves-open.md).
 */
export const ID_PREFIXES = {
  offer: 'ofr_',
  hotelSearch: 'hsr_',
  hotelRate: 'hrt_',
  activityProduct: 'act_',
  activityProductType: 'apt_',
  activityBooking: 'abk_',
  flightSearch: 'fsr_',
  flightOrder: 'ord_',
  flightPassenger: 'pas_',
  hotelOrder: 'hor_',
  activityVoucher: 'avc_',
  request: 'req_',
  accessToken: 'tok_',
  user: 'usr_',
  traveller: 'trv_',
  trip: 'trp_',
  factor: 'fct_',
  feeRule: 'fee_',
  quote: 'quo_',
  notice: 'ntc_',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;
export type IdPrefix = (typeof ID_PREFIXES)[IdKind];

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const ID_BODY = /^[0-9A-Za-z]{8,64}$/;

/** A random id with the kind's prefix: 20 base-36 characters, about 103 bits of randomness. */
export function newId(kind: IdKind, length = 20): string {
  let body = '';
  for (let i = 0; i < length; i += 1) body += ALPHABET[randomByte() % ALPHABET.length];
  return `${ID_PREFIXES[kind]}${body}`;
}

/**
 * Random bytes from the platform's cryptographic source, drawn 4 KiB at a time: one call per id was a measurable part
 * of a search that names thousands of offers and segments.
 */
const pool = new Uint8Array(4096);
let used = pool.length;
function randomByte(): number {
  if (used === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    used = 0;
  }
  const byte = pool[used] ?? 0;
  used += 1;
  return byte;
}

export function hasPrefix(kind: IdKind, id: string): boolean {
  const prefix = ID_PREFIXES[kind];
  return id.startsWith(prefix) && ID_BODY.test(id.slice(prefix.length));
}

/** A string schema for ids of one kind: the prefix and a body of 8 to 64 letters and digits. */
export function idSchema(kind: IdKind) {
  const prefix = ID_PREFIXES[kind];
  return z
    .string()
    .refine((value) => hasPrefix(kind, value), { error: `must be an id starting with ${prefix}` });
}
