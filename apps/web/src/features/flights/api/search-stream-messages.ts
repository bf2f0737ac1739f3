import type { ErrorEnvelope, FlightOffer } from '@console/contract';

/** What the page tells the search-stream worker. */
export type ToStreamWorker =
  | { type: 'start'; request: unknown; headers: Record<string, string> }
  | { type: 'stop' };

/** What the worker tells the page: only the changes of each batch, so little is copied across threads. */
export type FromStreamWorker =
  | {
      type: 'batch';
      added: FlightOffer[];
      removed: string[];
      /** Our sandbox's provider counts; null when the service's batches do not carry them. */
      providersAnswered: number | null;
      providersTotal: number | null;
    }
  | { type: 'done' }
  | { type: 'refused'; status: number; text: string }
  | { type: 'error'; envelope: ErrorEnvelope }
  | { type: 'unreadable' }
  | { type: 'interrupted' }
  | { type: 'network' };
