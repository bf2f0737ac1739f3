import { describe, expect, it } from 'vitest';
import { browserLabel } from './browser.ts';

describe('a browser as a person recognises it', () => {
  it('names the common browsers and systems with the major version', () => {
    expect(
      browserLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 140 on Windows');
    expect(
      browserLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      ),
    ).toBe('Edge 140 on Windows');
    expect(browserLabel('Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0')).toBe(
      'Firefox 145 on Linux',
    );
    expect(
      browserLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 18 on iOS');
    expect(
      browserLabel(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      ),
    ).toBe('Safari 18 on macOS');
  });

  it('without the version is the same browser across its updates', () => {
    const older = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
    const newer = 'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0';
    expect(browserLabel(older, false)).toBe(browserLabel(newer, false));
    expect(browserLabel(newer, false)).toBe('Firefox on Linux');
  });

  it('shows what it does not recognise as sent, cut short, and says when nothing was sent', () => {
    expect(browserLabel('Laptop/1.0')).toBe('Laptop/1.0');
    expect(browserLabel('x'.repeat(80))).toBe(`${'x'.repeat(57)}…`);
    expect(browserLabel(null)).toBe('Unknown browser');
  });
});
