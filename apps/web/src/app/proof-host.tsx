import { lazy, Suspense, useEffect, useState } from 'react';
import { onProofNeeded } from '../lib/api.ts';
import { loadOrReload } from '../lib/new-version.ts';

// Asking to prove it is them again, loaded when first asked (decision 031).
const ProveDialog = lazy(async () => ({
  default: (await loadOrReload(() => import('../components/prove-it-again.tsx'))).ProveDialog,
}));

/**
 * An action answered "confirm it is you first" (a large LIVE payment, an admin's sensitive change, adding a way in)
 * waits here for the person's proof, then goes on by itself (lib/api.ts). Part of the shell from its first render, so
 * no action can be answered before it listens (the dialog itself loads when first asked).
 */
export function ProofHost() {
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
