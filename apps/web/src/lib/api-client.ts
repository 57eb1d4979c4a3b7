import {
  CHANGES_HEADER,
  CSRF_HEADER,
  CSRF_VALUE,
  ORIGIN_HEADER,
  parseChangesHeader,
  POLL,
  trimDateFields,
} from '@eproto/domain';

import { ApiError, NETWORK_MESSAGE, TIMEOUT_MESSAGE, errorFromResponse } from './api-error.ts';
import { reportLocalChanges } from './changes/local-changes.ts';
import { TAB_ORIGIN } from './changes/tab-origin.ts';
import { takeEarlyGet } from './early-gets.ts';
import { connectivity } from './offline/connectivity.ts';
import { expireSession } from './session-expiry.ts';

export const API_BASE = '/api';

/** Auth calls that answer 401 as a normal outcome (wrong password, bad link): never "expired". */
const PUBLIC_AUTH_PATHS = [
  '/auth/login',
  '/auth/password-reset',
  '/auth/invite',
  '/auth/accept-invite',
] as const;

export function isPublicAuthPath(path: string): boolean {
  const bare = path.split('?')[0] ?? path;
  return PUBLIC_AUTH_PATHS.some((p) => bare === p || bare.startsWith(`${p}-`));
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  body?: unknown;
  params?: QueryParams;
  signal?: AbortSignal;
  /** Skip the session-expiry handling of a 401 (probes, logout). */
  silent401?: boolean;
  /** Fetch cache mode, e.g. 'no-cache' to revalidate with ETag (304 is handled by the browser). */
  cache?: RequestCache;
  timeoutMs?: number;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export function buildUrl(path: string, params?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  if (qs === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return null;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Turns a 401 into session expiry unless the path or the caller says otherwise. */
export function handleUnauthorized(path: string, silent401: boolean | undefined): void {
  if (silent401 || isPublicAuthPath(path)) return;
  expireSession();
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  // The answer public/theme-init.js already asked for (who is signed in), taken once.
  const early =
    method === 'GET' && !options.cache ? takeEarlyGet(buildUrl(path, options.params)) : undefined;
  if (early) {
    try {
      const res = await early;
      connectivity.answered();
      return res;
    } catch {
      // The early request failed (offline, blocked): ask below, which reports it as usual.
    }
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? POLL.requestTimeoutMs);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: CSRF_VALUE };
  if (method !== 'GET') headers[ORIGIN_HEADER] = TAB_ORIGIN;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  try {
    const res = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      credentials: 'include',
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: controller.signal,
      cache: options.cache,
    });
    connectivity.answered();
    return res;
  } catch (error) {
    if (timedOut) throw new ApiError({ status: 0, code: 'TIMEOUT', message: TIMEOUT_MESSAGE });
    if (options.signal?.aborted) throw error;
    connectivity.failed();
    throw new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_MESSAGE });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** Performs one API call and returns body, status and headers (e.g. x-total-count). */
export async function requestWithHeaders<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const res = await send(method, path, options);
  // What this write changed: this tab skips those push events and applies them from here.
  if (method !== 'GET') reportLocalChanges(parseChangesHeader(res.headers.get(CHANGES_HEADER)));
  const body = await readBody(res);
  if (!res.ok) {
    if (res.status === 401) handleUnauthorized(path, options.silent401);
    throw errorFromResponse(res.status, body);
  }
  return { data: trimDateFields(body) as T, status: res.status, headers: res.headers };
}

/** Performs one API call and returns its JSON body with the SPEC date fields trimmed. */
export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { data } = await requestWithHeaders<T>(method, path, options);
  return data;
}

type NoBody = Omit<RequestOptions, 'body'>;

export const api = {
  get: <T>(path: string, options?: NoBody) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: NoBody) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: NoBody) =>
    request<T>('PUT', path, { ...options, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: NoBody) =>
    request<T>('PATCH', path, { ...options, body: body ?? {} }),
  delete: <T>(path: string, body?: unknown, options?: NoBody) =>
    request<T>('DELETE', path, { ...options, body }),
};
