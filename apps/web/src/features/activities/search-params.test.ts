import { describe, expect, it } from 'vitest';
import {
  categoryCode,
  readProductsQuery,
  readSelection,
  writeBrowseForm,
  writeSelection,
} from './search-params.ts';

describe('the activity desk URL', () => {
  it('round-trips the browse form, leaving defaults out', () => {
    const params = writeBrowseForm({
      query: ' louvre ',
      city: 'Paris',
      country: '',
      category: 'museums',
      min: '',
      max: '80',
      sort: 'popularity',
      language: 'fr',
    });
    expect(params.toString()).toBe('q=louvre&city=Paris&category=museums&max=80&lang=fr');
    const asked = readProductsQuery(params);
    expect(asked.query).toMatchObject({ query: 'louvre', city: 'Paris', max_price: 80, language: 'fr' });
  });

  it('turns a price range the contract refuses into a message on the upper price', () => {
    const asked = readProductsQuery(new URLSearchParams('min=90&max=20'));
    expect(asked.query).toBeNull();
    expect(asked.problem).toEqual({ field: 'max', message: 'Must not be below the “Price from” amount' });
  });

  it('drops a malformed date, time or traveller count from a shared link instead of failing', () => {
    const selection = readSelection(
      new URLSearchParams('type=apt_1&date=2026-13-40&slot=9am&adults=0&children=2'),
    );
    expect(selection).toEqual({
      type: 'apt_1',
      date: null,
      slot: null,
      travelers: { adults: 1, children: 2, seniors: 0 },
    });
    expect(writeSelection(selection).toString()).toBe('type=apt_1&adults=1&children=2');
  });
});

describe('the category typed by an agent', () => {
  it('matches a category the service has shown, whatever the case, spaces or underscores', () => {
    const known = ['museums', 'food_and_drink'];
    expect(categoryCode('Museums', known)).toBe('museums');
    expect(categoryCode(' Food and Drink ', known)).toBe('food_and_drink');
    expect(categoryCode('food-and-drink', known)).toBe('food_and_drink');
  });

  it('is sent as typed when the service has not shown it', () => {
    expect(categoryCode('Walking tours', ['museums'])).toBe('Walking tours');
  });

  it('goes into the catalogue query as the service names it', () => {
    const asked = readProductsQuery(new URLSearchParams('category=FOOD AND DRINK'), ['food_and_drink']);
    expect(asked.query?.category).toBe('food_and_drink');
  });
});
