export { ServiceError, SessionServiceError } from './errors.ts';
export { keepAliveAgent } from './http.ts';
export {
  type CallReport,
  newCallReport,
  type RelayedEvent,
  ServiceClient,
  type ServiceClientOptions,
} from './service-client.ts';
export { SessionClient, type SessionClientOptions, type SessionState } from './session-client.ts';
export { TokenManager } from './tokens.ts';
