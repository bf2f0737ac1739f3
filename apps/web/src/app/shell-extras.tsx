import { lazy, Suspense, useEffect, useState } from 'react';
import { WalletBanner } from '../components/wallet-banner.tsx';
import { onProofNeeded } from '../lib/api.ts';
import { loadOrReload } from '../lib/new-version.ts';
import { onPaletteRequest } from './palette-signal.ts';

// No screen carries the palette in its first load, and none fetches it while its own data is coming (measured: on a
// slow link it took the bandwidth the screen's results needed). It is fetched at the first sign of the agent at
// work — a key (Ctrl or ⌘ comes before K), a press — or after the screen has been quiet a while, whichever is first;
// a Ctrl+K before it arrives opens it when it does (app/palette-signal.ts).
const loadPalette = () => import('./command-palette.tsx');
/** How long a screen is left alone before the palette is fetched without a sign from the agent. */
const QUIET_MS = 8000;
const CommandPalette = lazy(async () => ({ default: (await loadOrReload(loadPalette)).CommandPalette }));
// Asking to prove it is them again, loaded when first asked (decision 031).
const ProveDialog = lazy(async () => ({
  default: (await loadOrReload(() => import('../components/prove-it-again.tsx'))).ProveDialog,
}));

/**
 * An action answered "confirm it is you first" (a large LIVE payment, an admin's sensitive change) waits here for the
 * person's proof, then goes on by itself (lib/api.ts).
 */
function ProofHost() {
  const [proving, setProving] = useState<((proved: boolean) => void) | null>(null);
  useEffect(
    () =>
      onProofNeeded(
        () =>
          new Promise<boolean>((resolve) =>
            setProving(() => (proved: boolean) => {
              setProving(null);
              resolve(proved);
            }),
          ),
      ),
    [],
  );
  return proving ? (
    <Suspense fallback={null}>
      <ProveDialog onProved={() => proving(true)} onCancel={() => proving(false)} />
    </Suspense>
  ) : null;
}

/**
 * What the signed-in shell adds once a screen is up, loaded after it: the wallet's low-balance banner, the command
 * palette when asked for (app/palette-signal.ts), and the "confirm it is you" dialog when an action needs it.
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
      <ProofHost />
      <WalletBanner isAdmin={isAdmin} />
      {palette && (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setPalette(false)} isAdmin={isAdmin} />
        </Suspense>
      )}
    </>
  );
}
