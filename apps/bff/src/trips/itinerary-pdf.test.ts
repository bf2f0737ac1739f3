import type { Trip, TripPart } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text.ts';
import { itineraryPdf } from './itinerary-pdf.ts';

const trip = (name: string, travellers: string[]): Trip => ({
  id: 'trip_1',
  name,
  reference: 'TRIP-AB12CD',
  travellers,
  starts_on: null,
  ends_on: null,
  notes: null,
  agent: { id: 'usr_1', email: 'agent@demo.test' },
  parts: 2,
  created_at: '2026-11-26T09:00:00Z',
  updated_at: '2026-11-26T09:00:00Z',
});

const part = (over: Partial<TripPart>): TripPart => ({
  booking_id: 'ord_1',
  product: 'flight',
  status: 'ticketed',
  reference: 'PNR123',
  title: 'London to New York',
  total: { amount: '100.00', currency: 'USD' },
  deadline: null,
  starts_at: null,
  ends_at: null,
  travellers: [],
  traveller_count: null,
  lines: [],
  read: true,
  ...over,
});

const NAMES = ['Zoë Ångström', 'Иван Петров', '王小明', 'Ναυσικά Παππά', 'Søren Kierkegaard', 'José Núñez'];

describe('the itinerary PDF', () => {
  it('prints every name as written, in Latin, Cyrillic, Chinese and Greek letters, and stays small', async () => {
    const bytes = await itineraryPdf(
      trip('Voyage à Séville', NAMES),
      [
        part({
          title: 'Confirmed office',
          travellers: NAMES,
          lines: [{ at: '2027-01-05 12:40', text: 'BA117 LHR → JFK', kind: 'flight' }],
        }),
      ],
      new Date('2026-11-26T09:00:00Z'),
    );
    // Lines may wrap anywhere: the text is read as one.
    const text = (await pdfText(bytes)).join(' ');
    expect(text).toContain('Voyage à Séville');
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain('BA117 LHR → JFK');
    // Letters that a font would join (fi, fl) are drawn apart, so a reader copies the word as written.
    expect(text).toContain('Confirmed office');
    // Subset to the glyphs used: a few dozen kilobytes, not the fonts' megabytes.
    expect(bytes.length).toBeLessThan(150_000);
  });

  it('prints Arabic, Hebrew and Korean names with their own glyphs', async () => {
    const names = ['فاطمة الزهراء', 'דוד כהן', '김민준'];
    const bytes = await itineraryPdf(trip('Family trip', names), [], new Date('2026-11-26T09:00:00Z'));
    const text = (await pdfText(bytes)).join(' ');
    expect(text).not.toContain('?');
    expect(text).toContain('דוד כהן');
    expect(text).toContain('김민준');
    // Arabic is drawn in its joined forms; a reader maps some of them back to a neighbouring letter (decision 027),
    // so the text layer is checked for Arabic letters, not for the exact name.
    expect(text).toMatch(/[\u0621-\u064a]{4,}/);
  });

  it('lists the trip in the order the client lives it: the flight that lands, then the check-in', async () => {
    const bytes = await itineraryPdf(
      trip('New York', ['Amelia Hart']),
      [
        part({
          booking_id: 'hor_1',
          product: 'hotel',
          status: 'confirmed',
          reference: 'HTL-9',
          title: 'The Manhattan',
          lines: [
            { at: '2027-01-05', text: 'Check in at The Manhattan', kind: 'check_in' },
            { at: '2027-01-09', text: 'Check out (4 nights)', kind: 'check_out' },
          ],
        }),
        part({
          lines: [
            { at: '2027-01-05 12:40', text: 'BA117 LHR → JFK', kind: 'flight', lands_at: '2027-01-05 14:55' },
            { at: '2027-01-09 18:30', text: 'BA112 JFK → LHR', kind: 'flight', lands_at: '2027-01-10 06:35' },
          ],
        }),
      ],
      new Date('2026-11-26T09:00:00Z'),
    );
    const text = (await pdfText(bytes)).join('\n');
    const order = [
      'BA117 LHR → JFK',
      'Check in at The Manhattan',
      'Check out (4 nights)',
      'BA112 JFK → LHR',
    ].map((line) => text.indexOf(line));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
