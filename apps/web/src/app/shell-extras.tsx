import { lazy, Suspense, useEffect, useState } from 'react';
import { WalletBanner } from '../components/wallet-banner.tsx';

// Loaded on the first Ctrl+K: no screen carries it before it is asked for.
const CommandPalette = lazy(async () => ({
  default: (await import('./command-palette.tsx')).CommandPalette,
}));

/** The event the top bar's "Go to…" button sends to open the palette. */
export const OPEN_PALETTE = 'console:open-palette';

/**
 * What the signed-in shell adds once a screen is up, loaded after it: the wallet's low-balance banner, and the
 * command palette on Ctrl+K / ⌘K (or the top bar's button).
 */
export function ShellExtras({ isAdmin }: { isAdmin: boolean }) {
  const [palette, setPalette] = useState(false);
  useEffect(() => {
    const open = () => setPalette(true);
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_PALETTE, open);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_PALETTE, open);
    };
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
