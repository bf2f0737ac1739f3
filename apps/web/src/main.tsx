import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes, preloadScreens } from './app/router.tsx';
import { loadAgentWords } from './lib/agent-words-lazy.ts';
import { seedMe } from './lib/me.ts';
import { queryClient } from './lib/query-client.ts';
import { watchTableLabels } from './lib/table-labels.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
seedMe(queryClient);
// Each table cell says its column on a phone, where the tables are stacked rows (lib/table-labels.ts).
watchTableLabels(root);
// The first screen's chunks are in before the first render (see preloadScreens); a chunk that fails to come is
// asked for again by the screen itself, which shows the error.
void preloadScreens(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    const app = createRoot(root);
    // Rendered as a transition: React builds the first screen in slices of a few milliseconds, so a slow device's
    // main thread is never held for the whole of it (the keyboard and the loading line stay alive meanwhile).
    startTransition(() =>
      app.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <AppRoutes />
          </QueryClientProvider>
        </StrictMode>,
      ),
    );
    // The agent's words for errors come once the screen is up and the browser idle (an error shown sooner asks).
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(() => void loadAgentWords());
  });
