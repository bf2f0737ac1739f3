import { describe, expect, it } from 'vitest';
import { consolePath } from './way-back.ts';

/** Where a browser would go for a link whose href is `path`, on the console at https://console.example. */
const followed = (path: string) => new URL(path, 'https://console.example/account').origin;

describe('a path held for after the account page (/account?then=…)', () => {
  it('is a path of the console', () => {
    expect(consolePath('/flights')).toBe('/flights');
    expect(consolePath('/bookings?status=held#top')).toBe('/bookings?status=held#top');
  });

  it('is none for a path that leaves the console, however it is written', () => {
    const leaving = [
      '//evil.example',
      '/\\evil.example',
      '\\/evil.example',
      'javascript:alert(1)',
      'https://evil.example/',
      // A browser drops a tab or a line break inside a URL: these are //evil.example once followed.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '\t//evil.example',
      ' //evil.example',
    ];
    for (const path of leaving) {
      expect(consolePath(path), JSON.stringify(path)).toBeNull();
    }
    // Each one above that would be followed at all leaves the console: the test is about real escapes.
    expect(followed('/\t/evil.example')).toBe('https://evil.example');
  });

  it('is none for nothing at all', () => {
    expect(consolePath(null)).toBeNull();
    expect(consolePath('')).toBeNull();
  });
});
