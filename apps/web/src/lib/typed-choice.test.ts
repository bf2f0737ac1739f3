import { describe, expect, it } from 'vitest';
import { typedChoiceIndex } from './typed-choice.ts';

const LONDON = [
  { label: 'London Heathrow (LHR)', code: 'LHR' },
  { label: 'London (all airports) (LON)', code: 'LON' },
  { label: 'London Gatwick (LGW)', code: 'LGW' },
];

describe('the option a typed text takes', () => {
  it('is the one whose code is exactly what was typed, in any case, wherever it is in the list', () => {
    expect(typedChoiceIndex('LON', LONDON)).toBe(1);
    expect(typedChoiceIndex(' lgw ', LONDON)).toBe(2);
  });

  it('is the one whose name is exactly what was typed, where no code is (a hotel destination)', () => {
    const places = [{ label: 'Paris Marais' }, { label: 'Paris' }];
    expect(typedChoiceIndex('paris', places)).toBe(1);
  });

  it('is the best match (the first) when nothing is exactly what was typed', () => {
    expect(typedChoiceIndex('Lond', LONDON)).toBe(0);
  });

  it('is none for fewer than two letters or no options', () => {
    expect(typedChoiceIndex('L', LONDON)).toBe(-1);
    expect(typedChoiceIndex('LON', [])).toBe(-1);
  });
});
