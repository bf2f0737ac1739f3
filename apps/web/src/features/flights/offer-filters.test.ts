import type { FlightOffer, FlightSegment } from '@console/contract';
import { flightOffer } from '@console/contract/fixtures';
import { describe, expect, it } from 'vitest';
import {
  airlineCounts,
  airportChanges,
  airportGroups,
  cellFilter,
  isCellChosen,
  partyPrice,
  priceBounds,
  stopsGrid,
  viewOffers,
} from './offer-filters.ts';
import { readView } from './search-params.ts';

const LON_NYC = [
  { origin: 'LON', destination: 'NYC' },
  { origin: 'NYC', destination: 'LON' },
];
const net = (offer: FlightOffer) => offer.total;

const base = flightOffer.slices[0]?.segments[0];
if (!base) throw new Error('the fixture has a segment');
const seg = (origin: string, destination: string, flight: string): FlightSegment => ({
  ...base,
  origin,
  destination,
  flight_number: flight,
});

/** A return LON–NYC offer flying the given airports, each flight a list of hops (two hops: one stop). */
function offer(
  id: string,
  airline: string,
  total: string,
  out: string[],
  back: string[],
  minutes = [420, 400],
): FlightOffer {
  const slice = (path: string[], duration: number) => ({
    origin: path[0] ?? '',
    destination: path.at(-1) ?? '',
    duration_minutes: duration,
    segments: path.slice(1).map((to, i) => seg(path[i] ?? '', to, `${airline}${100 + i}`)),
  });
  return {
    ...flightOffer,
    id: `ofr_${id.padEnd(20, '0')}`,
    validating_airline: airline,
    airline_name: { BA: 'British Airways', AA: 'American Airlines', EI: 'Aer Lingus' }[airline] ?? airline,
    total: { amount: total, currency: 'USD' },
    slices: [slice(out, minutes[0] ?? 0), slice(back, minutes[1] ?? 0)],
  };
}

const offers = [
  offer('a', 'BA', '900.00', ['LHR', 'JFK'], ['JFK', 'LHR']),
  offer('b', 'BA', '700.00', ['LGW', 'JFK'], ['EWR', 'LGW'], [430, 420]),
  offer('c', 'AA', '650.00', ['LHR', 'JFK'], ['JFK', 'LHR'], [480, 450]),
  offer('d', 'EI', '500.00', ['LHR', 'DUB', 'JFK'], ['JFK', 'DUB', 'LHR'], [600, 590]),
  offer('e', 'EI', '480.00', ['LHR', 'DUB', 'EWR'], ['EWR', 'DUB', 'LGW'], [640, 610]),
];
const view = (query: string) => readView(new URLSearchParams(query));
const ids = (list: FlightOffer[]) => list.map((o) => o.id.slice(4, 5));

describe('the offers an agent sees', () => {
  it('are sorted by the total, cheapest first, and kept by every filter in the link', () => {
    expect(ids(viewOffers(offers, view(''), net, LON_NYC))).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(ids(viewOffers(offers, view('stops=0'), net, LON_NYC))).toEqual(['c', 'b', 'a']);
    expect(ids(viewOffers(offers, view('airlines=BA,AA'), net, LON_NYC))).toEqual(['c', 'b', 'a']);
    expect(ids(viewOffers(offers, view('price_min=500&price_max=700'), net, LON_NYC))).toEqual([
      'd',
      'c',
      'b',
    ]);
    expect(ids(viewOffers(offers, view('max_minutes=930'), net, LON_NYC))).toEqual(['c', 'b', 'a']);
    expect(ids(viewOffers(offers, view('sort=duration'), net, LON_NYC))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keep only the airports kept at a place, and any airport at a place where none is kept', () => {
    // LGW kept: London's flights leave and land only there; New York's airports are all still in.
    expect(ids(viewOffers(offers, view('airports=LGW'), net, LON_NYC))).toEqual(['b']);
    expect(ids(viewOffers(offers, view('airports=LHR,JFK'), net, LON_NYC))).toEqual(['d', 'c', 'a']);
  });

  it('are filtered by the price the row shows, to the cent', () => {
    const withFee = (o: FlightOffer) => ({
      amount: o.id.startsWith('ofr_c') ? '700.01' : o.total.amount,
      currency: 'USD' as const,
    });
    expect(ids(viewOffers(offers, view('price_max=700'), withFee, LON_NYC))).toEqual(['e', 'd', 'b']);
  });
});

describe('the counts beside the filters', () => {
  it('say how many offers each airline would show with the other filters in force', () => {
    expect(airlineCounts(offers, view('stops=0'), net, LON_NYC)).toEqual([
      { code: 'EI', name: 'Aer Lingus', count: 0 },
      { code: 'AA', name: 'American Airlines', count: 1 },
      { code: 'BA', name: 'British Airways', count: 2 },
    ]);
  });

  it('list the airports of each searched city that has several, each with the offers that use only it there', () => {
    expect(airportGroups(offers, view(''), net, LON_NYC)).toEqual([
      {
        place: 'LON',
        airports: [
          { code: 'LHR', count: 3 },
          { code: 'LGW', count: 1 },
        ],
      },
      {
        place: 'NYC',
        airports: [
          { code: 'JFK', count: 3 },
          { code: 'EWR', count: 1 },
        ],
      },
    ]);
  });

  it('bound the price range in whole units around the cheapest and dearest totals', () => {
    const odd = [
      offer('f', 'BA', '480.40', ['LHR', 'JFK'], ['JFK', 'LHR']),
      offer('g', 'BA', '900.01', ['LHR', 'JFK'], ['JFK', 'LHR']),
    ];
    expect(priceBounds(odd, net)).toEqual({ min: 480, max: 901 });
    expect(priceBounds([], net)).toBeNull();
  });
});

describe('the airline × stops grid', () => {
  it('holds each airline’s lowest total at each number of stops, the cheapest airline first', () => {
    const grid = stopsGrid(offers, view(''), net, LON_NYC);
    expect(grid.airlines.map((a) => [a.code, a.lowest.amount])).toEqual([
      ['EI', '480.00'],
      ['AA', '650.00'],
      ['BA', '700.00'],
    ]);
    expect(grid.stops).toEqual([0, 1]);
    expect(grid.cell('BA', 0)).toEqual({ amount: '700.00', currency: 'USD' });
    expect(grid.cell('EI', 0)).toBeNull();
  });

  it('is not narrowed by its own filters, but by the others', () => {
    expect(stopsGrid(offers, view('airlines=BA&stops=0'), net, LON_NYC).airlines).toHaveLength(3);
    expect(stopsGrid(offers, view('price_max=600'), net, LON_NYC).airlines.map((a) => a.code)).toEqual([
      'EI',
    ]);
  });

  it('has cells that set their airline and stops, and clear them when chosen again', () => {
    expect(cellFilter(view('airlines=AA,BA'), 'BA', 0)).toEqual({ airlines: 'BA', stops: '0' });
    expect(isCellChosen(view('airlines=BA&stops=0'), 'BA', 0)).toBe(true);
    expect(cellFilter(view('airlines=BA&stops=0'), 'BA', 0)).toEqual({ airlines: null, stops: null });
  });
});

describe('a change of airport', () => {
  it('is said for an open jaw, for a return to another airport, and not for a plain return', () => {
    expect(airportChanges(offers[0] as FlightOffer, LON_NYC)).toEqual([]);
    expect(airportChanges(offers[1] as FlightOffer, LON_NYC)).toEqual(['Out to JFK, back from EWR']);
    expect(airportChanges(offers[4] as FlightOffer, LON_NYC)).toEqual(['Returns to LGW, not LHR']);
  });

  it('is said within a connection that lands at one airport and leaves from another', () => {
    const change = offer('h', 'BA', '500.00', ['JFK', 'LHR'], ['LGW', 'JFK']);
    const connection = {
      ...change,
      slices: [
        {
          ...change.slices[0],
          origin: 'EDI',
          destination: 'JFK',
          duration_minutes: 600,
          segments: [seg('EDI', 'LHR', 'BA1'), seg('LGW', 'JFK', 'BA2')],
        },
      ],
    };
    expect(airportChanges(connection, [{ origin: 'EDI', destination: 'NYC' }])).toEqual([
      'Changes airport: lands LHR, leaves LGW',
    ]);
  });

  it('is said between the flights of a multi-city trip that go on from the same city', () => {
    const multi = offer('i', 'AZ', '500.00', ['CDG', 'FCO'], ['CIA', 'MAD']);
    const legs = [
      { origin: 'PAR', destination: 'ROM' },
      { origin: 'ROM', destination: 'MAD' },
    ];
    expect(airportChanges(multi, legs)).toEqual(['Lands FCO, next flight leaves CIA']);
  });
});

describe('the party’s price', () => {
  it('is the total for all and each adult’s share, to the cent', () => {
    expect(
      partyPrice({ amount: '1234.00', currency: 'USD' }, { adults: 2, children: 0, infants: 0 }),
    ).toEqual({
      travellers: 2,
      each: { amount: '617.00', currency: 'USD' },
      average: false,
    });
  });

  it('is an average, said as one, when the travellers are of several kinds or the cents do not divide', () => {
    expect(
      partyPrice({ amount: '1000.00', currency: 'USD' }, { adults: 2, children: 1, infants: 0 }),
    ).toEqual({
      travellers: 3,
      each: { amount: '333.33', currency: 'USD' },
      average: true,
    });
    expect(partyPrice({ amount: '0.05', currency: 'USD' }, { adults: 2, children: 0, infants: 0 })).toEqual({
      travellers: 2,
      each: { amount: '0.03', currency: 'USD' },
      average: true,
    });
  });
});
