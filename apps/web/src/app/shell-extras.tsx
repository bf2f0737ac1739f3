import { lazy, Suspense, useEffect, useState } from 'react';
import { WalletBanner } from '../components/wallet-banner.tsx';
import { onPaletteRequest } from './palette-signal.ts';

// No screen carries the palette in its first load; it is fetched when the browser is idle after one is up, so the
// first Ctrl+K opens it at once and no keystroke typed right after is lost.
const loadPalette = () => import('./command-palette.tsx');
const CommandPalette = lazy(async () => ({ default: (await loadPalette()).CommandPalette }));

/**
 * What the signed-in shell adds once a screen is up, loaded after it: the wallet's low-balance banner, and the
 * command palette when asked for (app/palette-signal.ts).
 */
export function ShellExtras({ isAdmin }: { isAdmin: boolean }) {
  const [palette, setPalette] = useState(false);
  useEffect(() => onPaletteRequest(() => setPalette(true)), []);
  useEffect(() => {
    const warm = () => void loadPalette();
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(warm, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(warm, 2000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <WalletBanner isAdmin={isAdmin} />
      {palette && (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setPalette(false)} isAdmin={isAdmin} />
        </Suspense>
      )}
    </>
  );
}
