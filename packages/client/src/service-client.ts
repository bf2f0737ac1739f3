import {
  DOWNLOAD_VOUCHER,
  environmentOfCredential,
  type FlightSearchRequest,
  fillPath,
  OPERATIONS,
  type OperationName,
  type Operations,
  type PathParams,
} from '@console/contract';
import type { z } from 'zod';
import { ServiceError } from './errors.ts';
import { relayFlightSearch, streamFlightSearch } from './stream.ts';
import { type CallReport, type Query, Transport, type TransportOptions } from './transport.ts';

export type ServiceClientOptions = TransportOptions;

type Op<N extends OperationName> = Operations[N];

/** What one operation takes: its path parameters, its body and query when it has them, a key when it creates. */
export type OperationInput<N extends OperationName> = {
  [K in PathParams<Op<N>['path']>]: string;
} & (Op<N> extends {
  body: infer B extends z.ZodType;
}
  ? { body: z.input<B> }
  : unknown) &
  (Op<N> extends { query: infer Q extends z.ZodType } ? { query?: Partial<z.output<Q>> } : unknown) &
  (Op<N>['effect'] extends 'create' ? { idempotencyKey?: string; report?: CallReport } : unknown) & {
    signal?: AbortSignal;
  };

/**
 * The answer to a create or an action. The service answered 2xx, so what it did stands: `value` is the answer read
 * with the contract, or null when its body could not be read that way (then `raw` is all there is, and `problem`
 * says where it differed). Never turned into an error (decision 013).
 */
export type Settled<T> =
  | { value: T; raw: unknown; replayed: boolean }
  | {
      value: null;
      raw: unknown;
      replayed: boolean;
      problem: string;
    };

export type OperationOutput<N extends OperationName> = Op<N>['effect'] extends 'read'
  ? z.output<Op<N>['response']>
  : Settled<z.output<Op<N>['response']>>;

type Methods = { [N in OperationName]: (input: OperationInput<N>) => Promise<OperationOutput<N>> };

/** Any operation's input, as `#call` reads it: path parameters by name, and the optional parts. */
export interface CallInput {
  readonly [param: string]: unknown;
  body?: unknown;
  query?: Query;
  idempotencyKey?: string;
  report?: CallReport;
  signal?: AbortSignal;
}

/**
 * The typed client of the service's v3 interface, derived from the operation table (packages/contract
 * operations.ts): one method per operation, named as the table names it. Used only on the server: it holds the
 * client_secret.
 */
export class ServiceClient {
  readonly transport: Transport;
  readonly environment: 'test' | 'live';
  /** One method per declared operation. */
  readonly op: Methods;

  constructor(options: ServiceClientOptions) {
    this.transport = new Transport(options);
    this.environment = environmentOfCredential(options.clientId) ?? 'test';
    const methods: Record<string, (input: CallInput) => Promise<unknown>> = {};
    for (const name of Object.keys(OPERATIONS) as OperationName[])
      methods[name] = (input) => this.#call(name, input);
    this.op = methods as unknown as Methods;
  }

  get tokens() {
    return this.transport.tokens;
  }
  get agent() {
    return this.transport.agent;
  }

  /** Any declared operation by name, checked only at run time: for relays derived from the table. */
  callByName(name: OperationName, input: CallInput): Promise<unknown> {
    return this.#call(name, input);
  }

  /** One operation, timed for the `onOperation` hook (metrics). */
  async #call(name: OperationName, input: CallInput): Promise<unknown> {
    const started = performance.now();
    try {
      const result = await this.#exchange(name, input);
      this.transport.options.onOperation(name, (performance.now() - started) / 1000, null);
      return result;
    } catch (error) {
      this.transport.options.onOperation(
        name,
        (performance.now() - started) / 1000,
        error instanceof ServiceError ? error.code : 'error',
      );
      throw error;
    }
  }

  async #exchange(name: OperationName, input: CallInput): Promise<unknown> {
    const operation: Op<OperationName> = OPERATIONS[name];
    const acts = operation.effect !== 'read';
    const report = input.report;
    return this.transport.exchange(
      {
        method: operation.method,
        path: fillPath(operation.path, input),
        scope: operation.scope,
        query: input.query,
        body: input.body,
        idempotencyKey: input.idempotencyKey,
        signal: input.signal,
        timeoutMs: 'timeoutMs' in operation ? operation.timeoutMs : undefined,
        report,
        acts,
        // Each product's calls in their own pool and circuit: flights, hotels, activities, wallet (decision 014).
        bulkhead: operation.scope.split(':')[0],
      },
      async (response) => {
        const replayed = response.headers['idempotent-replayed'] === 'true';
        if (report) report.replayed = replayed;
        if (!acts) return this.transport.parse(response, operation.response);
        const raw = await this.transport.readJson(response, true);
        const parsed = operation.response.safeParse(raw);
        if (parsed.success) return { value: parsed.data, raw, replayed };
        const issue = parsed.error.issues[0];
        return {
          value: null,
          raw,
          replayed,
          problem: `${issue?.path.join('.') || 'the top'}: ${issue?.message ?? 'unexpected shape'}`,
        };
      },
    );
  }

  /** The streamed flight search, event by event as the service's bytes (for relaying). */
  relayFlightSearch(body: FlightSearchRequest, signal?: AbortSignal) {
    return relayFlightSearch(this.transport, body, signal);
  }
  /** The streamed flight search as typed events. */
  streamFlightSearch(body: FlightSearchRequest, signal?: AbortSignal) {
    return streamFlightSearch(this.transport, body, signal);
  }

  downloadVoucher(id: string, voucher: string) {
    return this.transport.download(fillPath(DOWNLOAD_VOUCHER.path, { id, voucher }), DOWNLOAD_VOUCHER.scope);
  }

  media(path: string) {
    return this.transport.media(path);
  }

  async close(): Promise<void> {
    await this.transport.close();
  }
}

export { ServiceError };
