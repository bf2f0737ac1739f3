export { ServiceError, SessionServiceError } from './errors.ts';
export { keepAliveAgent } from './http.ts';
export {
  type CallInput,
  type OperationInput,
  type OperationOutput,
  ServiceClient,
  type ServiceClientOptions,
  type Settled,
} from './service-client.ts';
export {
  MemorySessionStore,
  SessionClient,
  type SessionClientOptions,
  type SessionRecord,
  type SessionState,
  type SessionStore,
} from './session-client.ts';
export type { RelayedEvent } from './stream.ts';
export { TokenManager } from './tokens.ts';
export { type CallReport, newCallReport, retryAfterSeconds, Transport } from './transport.ts';
