import type { ActivityAvailability, ActivityProductType, BookingOptions, Money } from '@console/contract';
import { money } from '@console/contract';
import { hashString } from '../lib/rng.ts';
import type { ActivityProduct } from '../shapes.ts';
import { OPTION_SETS, PRODUCT_SEEDS, type ProductSeed } from './catalogue.ts';

/** Stable ids from the seed keys, so a product keeps its id across restarts and resets. */
function stableId(prefix: string, key: string): string {
  return `${prefix}${hashString(key).toString(36).padStart(7, '0')}${hashString(`${key}!`).toString(36).padStart(7, '0')}`;
}

export interface ProductEntry {
  seed: ProductSeed;
  product: ActivityProduct;
  types: { type: ActivityProductType; seed: ProductSeed['types'][number]; options: BookingOptions }[];
}

function fromPrice(seed: ProductSeed): Money {
  const cheapest = Math.min(...seed.types.map((t) => t.factor)) * seed.adultPrice;
  return money(BigInt(Math.round(cheapest * 100)));
}

export const PRODUCTS: ProductEntry[] = PRODUCT_SEEDS.map((seed) => {
  const id = stableId('act_', seed.key);
  const types = seed.types.map((t, index) => ({
    type: {
      object: 'activity_product_type' as const,
      id: stableId('apt_', `${seed.key}#${index}`),
      title: t.title,
      // A string in the document: the title itself where no translation is asked for or known.
      title_translated: t.title,
    },
    seed: t,
    options: OPTION_SETS[t.options] ?? { per_booking: [], per_pax: [] },
  }));
  const images = [1, 2, 3].map((n) => `/media/activities/${seed.key}/${n}.svg`);
  return {
    seed,
    types,
    product: {
      object: 'activity_product',
      id,
      title: seed.title,
      title_translated: seed.title,
      description: seed.description,
      type: seed.type,
      city: seed.city,
      country: seed.country,
      image_url: images[0] ?? '',
      from: fromPrice(seed),
      images,
      categories: seed.categories,
      product_types: types.map((t) => t.type),
    },
  };
});

export const PRODUCT_BY_ID = new Map(PRODUCTS.map((p) => [p.product.id, p]));
export const TYPE_BY_ID = new Map(
  PRODUCTS.flatMap((p) => p.types.map((t) => [t.type.id, { entry: p, ...t }] as const)),
);

/** A product as seen in a language: title_translated set where a translation exists. */
export function localized(entry: ProductEntry, language: string | undefined): ActivityProduct {
  const translated = language ? entry.seed.translations?.[language.slice(0, 2)] : undefined;
  return { ...entry.product, title_translated: translated ?? entry.product.title };
}

export const BOOKING_WINDOW_DAYS = 120;

export interface DayCapacity {
  adult: number;
  child: number | null;
  senior: number | null;
}

/** Seeded capacity of a product type on a date, before bookings: some dates sell out, some categories too. */
export function baseCapacity(typeId: string, seed: ProductSeed, date: string): DayCapacity {
  const h = hashString(`${typeId}${date}`);
  if (h % 13 === 0)
    return {
      adult: 0,
      child: seed.childFactor === null ? null : 0,
      senior: seed.seniorFactor === null ? null : 0,
    };
  const adult = Math.max(2, Math.round(seed.capacity * (0.4 + (h % 60) / 100)));
  return {
    adult,
    child: seed.childFactor === null ? null : Math.max(0, Math.round(adult / 2) - (h % 3)),
    senior: seed.seniorFactor === null ? null : h % 5 === 0 ? 0 : Math.round(adult / 3),
  };
}

export function ratesFor(seed: ProductSeed, factor: number): ActivityAvailability['rates'] {
  const price = (f: number) => money(BigInt(Math.round(seed.adultPrice * factor * f * 100)));
  const rates: ActivityAvailability['rates'] = [{ category: 'adult', price: price(1) }];
  if (seed.childFactor !== null) rates.push({ category: 'child', price: price(seed.childFactor) });
  if (seed.seniorFactor !== null) rates.push({ category: 'senior', price: price(seed.seniorFactor) });
  return rates;
}
