import { KNOWN_ERRORS } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { AGENT_WORDS, fieldName, serviceDetail } from './agent-words.ts';

describe("an agent's words for errors", () => {
  it('has a sentence and a next thing to do for every code the console can show', () => {
    for (const code of Object.keys(KNOWN_ERRORS) as (keyof typeof KNOWN_ERRORS)[]) {
      expect(AGENT_WORDS[code].say.length, code).toBeGreaterThan(10);
      expect(AGENT_WORDS[code].todo.length, code).toBeGreaterThan(10);
    }
  });

  it('never says an API word or a field path', () => {
    const api = /\bparam\b|\bresource\b|Idempotency|bearer|\btoken\b|\bPOST\b|\bJSON\b|\[\d+\]|_/i;
    for (const [code, words] of Object.entries(AGENT_WORDS)) {
      expect(`${words.say} ${words.todo}`, code).not.toMatch(api);
    }
  });

  it('turns a field path into the name of the field', () => {
    expect(fieldName('slices[0].departure_date')).toBe('Departure date');
    expect(fieldName('passengers[1].document.expires_on')).toBe('Expires on');
    expect(fieldName('occupancies')).toBe('Occupancies');
  });

  it("keeps the service's detail without its paths, and drops a message that only repeats the generic one", () => {
    expect(
      serviceDetail('slices[0].departure_date: must be in the future', 'slices[0].departure_date', undefined),
    ).toBe('Departure date: must be in the future');
    expect(serviceDetail('The wallet has 30.00 USD available; this costs 44.00 USD.', null, undefined)).toBe(
      'The wallet has 30.00 USD available; this costs 44.00 USD.',
    );
    expect(serviceDetail('The offer has expired.', null, 'The offer has expired.')).toBeNull();
  });
});
