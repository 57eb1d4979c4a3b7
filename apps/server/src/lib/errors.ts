export type AppErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'GONE'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA'
  | 'UNPROCESSABLE'
  | 'CSRF';

const STATUS: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  UNPROCESSABLE: 422,
  CSRF: 403,
};

/** An expected failure with a Portuguese message that is safe to show to the user. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

export const notFound = (what = 'Registro') => new AppError('NOT_FOUND', `${what} não encontrado.`);
export const forbidden = () => new AppError('FORBIDDEN', 'Você não tem permissão para esta ação.');

/** A 429 that tells the client when to try again (sent as Retry-After, in seconds). */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSec: number,
  ) {
    super('RATE_LIMITED', message);
  }
}
