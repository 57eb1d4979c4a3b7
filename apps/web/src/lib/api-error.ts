/** Error thrown by every API call; `message` is always Portuguese and safe to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The `error` field the server sent, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;
  readonly reqId: string | undefined;
  /** The whole answer, for refusals that carry more than a message (an import's bad rows). */
  readonly body: unknown;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    serverMessage?: string | undefined;
    field?: string | undefined;
    reqId?: string | undefined;
    body?: unknown;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.serverMessage = options.serverMessage;
    this.field = options.field;
    this.reqId = options.reqId;
    this.body = options.body;
  }
}

export const TIMEOUT_MESSAGE = 'O servidor demorou para responder. Tente novamente em instantes.';
export const NETWORK_MESSAGE = 'Não foi possível conectar ao servidor. Verifique sua conexão.';

/** Generic Portuguese text for a status when the server sent no `error` field. */
export function fallbackMessage(status: number): string {
  if (status === 401) return 'Sua sessão não é válida. Faça login novamente.';
  if (status === 403) return 'Você não tem permissão para esta ação.';
  if (status === 404) return 'Não encontrado.';
  if (status === 429) return 'Muitas tentativas. Aguarde um pouco e tente novamente.';
  if (status >= 500) return 'Erro no servidor. Tente novamente em instantes.';
  return 'Não foi possível concluir a operação.';
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Builds the ApiError of a non-2xx answer from its status and (parsed) body. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const rec = asRecord(body);
  const serverMessage = str(rec?.error);
  return new ApiError({
    status,
    code: str(rec?.code) ?? `HTTP_${status}`,
    message: serverMessage ?? fallbackMessage(status),
    serverMessage,
    field: str(rec?.field),
    reqId: str(rec?.reqId),
    body,
  });
}

/** True when a value is an ApiError with the given status. */
export function isApiStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/**
 * The form field a refusal names (`field` of the answer), when the form has it: the form shows
 * the message under that field, where the person fixes it, not only in a toast.
 */
export function refusedField<F extends string>(error: unknown, fields: readonly F[]): F | null {
  if (!(error instanceof ApiError) || error.field === undefined) return null;
  return (fields as readonly string[]).includes(error.field) ? (error.field as F) : null;
}
