import { type ErrorBody, type ErrorEnvelope, errorEnvelope, type KnownErrorCode } from '@console/contract';

/**
 * A failed call to the service. `envelope` is what the service said (passed through to the browser unchanged), or
 * one made here for failures of our own (unreachable, timeout, unreadable). `outcome` says whether the service may
 * have acted: `unknown` for a write whose answer was lost.
 */
export class ServiceError extends Error {
  readonly status: number;
  readonly envelope: ErrorEnvelope;
  readonly outcome: 'failed' | 'unknown';
  /** Whether the same request may be sent again. */
  readonly retryable: boolean;
  /** The wait the service asked for (Retry-After), in seconds, when it gave one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    envelope: ErrorEnvelope,
    options: {
      outcome?: 'failed' | 'unknown';
      retryable?: boolean;
      cause?: unknown;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(envelope.error.message, { cause: options.cause });
    this.name = 'ServiceError';
    this.status = status;
    this.envelope = envelope;
    this.outcome = options.outcome ?? 'failed';
    this.retryable = options.retryable ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get code(): string {
    return this.envelope.error.code;
  }
  get param(): string | null {
    return this.envelope.error.param || null;
  }
  get requestId(): string | null {
    return this.envelope.error.request_id ?? null;
  }
  get body(): ErrorBody {
    return this.envelope.error;
  }

  static local(
    code: KnownErrorCode,
    status: number,
    options: {
      message?: string;
      outcome?: 'failed' | 'unknown';
      retryable?: boolean;
      cause?: unknown;
      retryAfterSeconds?: number;
    } = {},
  ) {
    return new ServiceError(status, errorEnvelope(code, { message: options.message }), options);
  }
}

/** A session-based call that answered Success false. */
export class SessionServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SessionServiceError';
  }
}
