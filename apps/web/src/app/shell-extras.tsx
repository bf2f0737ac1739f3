import { lazy, Suspense, useEffect, useState } from 'react';
import { loadOrReload } from '../lib/new-version.ts';
import { ChangeCount } from './change-count.tsx';
import { onPaletteRequest } from './palette-signal.ts';
import { WalletBanner } from './wallet-banner.tsx';

// No screen carries the palette in its first load, and none fetches it while its own data is coming (measured: on a
// slow link it took the bandwidth the screen's results needed). It is fetched at the first sign of the agent at
// work — a key (Ctrl or ⌘ comes before K), a press — or after the screen has been quiet a while, whichever is first;
// a Ctrl+K before it arrives opens it when it does (app/palette-signal.ts).
const loadPalette = () => import('./command-palette.tsx');
/** How long a screen is left alone before the palette is fetched without a sign from the agent. */
const QUIET_MS = 8000;
const CommandPalette = lazy(async () => ({ default: (await loadOrReload(loadPalette)).CommandPalette }));
/**
 * What the signed-in shell adds once a screen is up, loaded after it: the wallet's low-balance banner, the count of
 * changes to act on, the command palette when asked for (app/palette-signal.ts).
 */
export function ShellExtras({ isAdmin }: { isAdmin: boolean }) {
  const [palette, setPalette] = useState(false);
  useEffect(() => onPaletteRequest(() => setPalette(true)), []);
  useEffect(() => {
    let done = false;
    const warm = () => {
      if (done) return;
      done = true;
      stop();
      // Fetched ahead: a failure here (a deploy since the tab opened) is left for the palette's own load to tell.
      loadPalette().catch(() => undefined);
    };
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 5000 });
      else warm();
    }, QUIET_MS);
    const stop = () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', warm, true);
      window.removeEventListener('pointerdown', warm, true);
    };
    window.addEventListener('keydown', warm, true);
    window.addEventListener('pointerdown', warm, true);
    return stop;
  }, []);
  return (
    <>
      <WalletBanner isAdmin={isAdmin} />
      <ChangeCount />
      {palette && (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setPalette(false)} isAdmin={isAdmin} />
        </Suspense>
      )}
    </>
  );
}
