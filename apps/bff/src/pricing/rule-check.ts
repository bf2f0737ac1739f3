import { type ServiceClient, ServiceError } from '@console/client';
import { FEE_CABINS, FEE_NARROWING, type FeeRule, type FeeScope, type HotelPlace } from '@console/contract';
import { ConsoleError } from '../platform/errors.ts';

/**
 * Rules that can match (decision 040): a rule's hotel city is a place the service knows, kept by its code; its
 * activity is one the service has; a rule with another's reach is refused (of two, the one changed last would always
 * win). What the schema checks (a scope key of another product, a cabin the service does not sell, a rating outside
 * 1 to 5, a minimum above the maximum) is refused before this is asked.
 */

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
const refuse = (param: string, message: string) =>
  new ConsoleError('validation_failed', { param, message: `${param}: ${message}` });

/** The place found, or why none could be, in an admin's words. */
type Found = { place: HotelPlace } | { problem: string };

/** The cities the service lists for a text, as the hotel search's destination field asks (its type read in any case). */
async function citiesFor(service: ServiceClient, text: string): Promise<HotelPlace[]> {
  const list = await service.op.hotelPlaces({
    query: { query: text.slice(0, 100), type: 'city', limit: 100 },
  });
  return list.data.filter((p) => p.type.trim().toLowerCase() === 'city');
}

const cityWords = (p: HotelPlace) => `${p.name}, ${p.country}`;

/**
 * The city a rule names: a code with the name it was chosen by, or a text typed — a code, or a name that is one city
 * of the service's. Another text is no place, with the cities it could mean.
 */
export async function findCity(service: ServiceClient, text: string, chosenName?: string): Promise<Found> {
  const cities = await citiesFor(service, chosenName ?? text);
  const byCode = cities.find((p) => p.id === text);
  if (byCode) return { place: byCode };
  if (chosenName !== undefined)
    return {
      problem: `the service gives no city “${chosenName}” the code “${text}”: choose the city from the list`,
    };
  const byName = cities.filter((p) => same(p.name.trim(), text.trim()));
  if (byName.length === 1 && byName[0]) return { place: byName[0] };
  if (byName.length > 1)
    return {
      problem: `“${text}” is ${byName.length} cities the service knows (${byName.slice(0, 4).map(cityWords).join('; ')}): choose one from the list`,
    };
  const near = cities.slice(0, 3).map(cityWords);
  return {
    problem: `the service knows no city “${text}”${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}: choose a city from the list, as the hotel search does`,
  };
}

/** The activity a rule names, with its title; null when the service has none by that id. */
async function findActivity(service: ServiceClient, id: string): Promise<{ title: string } | null> {
  try {
    return await service.op.activityProduct({ id });
  } catch (error) {
    if (error instanceof ServiceError && (error.status === 404 || error.status === 422)) return null;
    throw error;
  }
}

/** A rule's reach in an admin's words: "Hotels in Paris, 4 stars", "Flights, business cabin", "Activities". */
export function reachWords(rule: Pick<FeeRule, 'product' | 'scope'>): string {
  const product = { flight: 'Flights', hotel: 'Hotels', activity: 'Activities' }[rule.product];
  const { cabin, city, city_name, stars, activity, activity_name } = rule.scope;
  const parts = [
    cabin && `${cabin.replace('_', ' ')} cabin`,
    city && `in ${city_name ?? city}`,
    stars && `${stars} stars`,
    activity && `“${activity_name ?? activity}”`,
  ].filter(Boolean);
  return parts.length ? `${product} ${parts.join(', ')}` : product;
}

/** Whether two rules reach the same bookings (the same product and the same narrowing). */
export function sameReach(a: Pick<FeeRule, 'product' | 'scope'>, b: Pick<FeeRule, 'product' | 'scope'>) {
  if (a.product !== b.product) return false;
  return FEE_NARROWING.every((key) => {
    const x = a.scope[key];
    const y = b.scope[key];
    return typeof x === 'string' && typeof y === 'string' ? same(x, y) : x === y;
  });
}

/**
 * A rule as it is kept: its city the service's place (code, name, country), its activity with the service's title;
 * refused with the reason when it could never apply. `others` are the office's rules now (the one changed excluded).
 */
export async function checkedScope(
  service: ServiceClient,
  rule: Pick<FeeRule, 'product' | 'scope'>,
  others: readonly Pick<FeeRule, 'product' | 'scope'>[],
): Promise<FeeScope> {
  const { city_name: _name, city_country: _country, activity_name: _title, ...scope } = rule.scope;
  const kept: FeeScope = { ...scope };
  if (scope.city !== undefined) {
    const found = await findCity(service, scope.city, rule.scope.city_name);
    if ('problem' in found) throw refuse('scope.city', found.problem);
    kept.city = found.place.id;
    kept.city_name = found.place.name;
    kept.city_country = found.place.country;
  }
  if (scope.activity !== undefined) {
    const product = await findActivity(service, scope.activity);
    if (!product)
      throw refuse(
        'scope.activity',
        `the service has no activity “${scope.activity}”: give an activity's id`,
      );
    kept.activity_name = product.title;
  }
  const twin = others.find((other) => sameReach(other, { product: rule.product, scope: kept }));
  if (twin)
    throw refuse(
      'scope',
      `a rule for ${reachWords(twin)} is there already, and only one of two rules with one reach can apply: change that one`,
    );
  return kept;
}

/**
 * Why a rule kept before can never apply, or the place its typed city is (then it is kept so), read when the rules
 * are: `null` when nothing is wrong, or the service could not say (the rule then matches as it always did).
 */
export async function readAgain(
  service: ServiceClient,
  rule: FeeRule,
): Promise<{ never: string } | { scope: FeeScope } | null> {
  const { cabin, city, city_name, activity, activity_name } = rule.scope;
  if (cabin !== undefined && !(FEE_CABINS as readonly string[]).includes(cabin))
    return { never: `no cabin is called “${cabin}”: choose economy, premium economy, business or first` };
  try {
    if (city !== undefined && city_name === undefined) {
      const found = await findCity(service, city);
      if ('problem' in found) return { never: found.problem };
      return {
        scope: {
          ...rule.scope,
          city: found.place.id,
          city_name: found.place.name,
          city_country: found.place.country,
        },
      };
    }
    if (activity !== undefined && activity_name === undefined) {
      const product = await findActivity(service, activity);
      if (!product) return { never: `the service has no activity “${activity}”: give an activity's id` };
      return { scope: { ...rule.scope, activity_name: product.title } };
    }
  } catch {
    // The service could not say now: the rule matches as it did, and is read again next time.
  }
  return null;
}
