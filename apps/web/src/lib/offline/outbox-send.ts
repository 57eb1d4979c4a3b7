import {
  CSRF_HEADER,
  CSRF_VALUE,
  DEVICE_TIME_HEADER,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_IN_PROGRESS,
  trimDateFields,
} from '@eproto/domain';

import { buildUrl } from '../api-client.ts';
import { ApiError, NETWORK_MESSAGE, TIMEOUT_MESSAGE, errorFromResponse } from '../api-error.ts';
import { connectivity } from './connectivity.ts';
import { blobToDataUrl } from './data-url.ts';
import type { OutboxItem } from './outbox-types.ts';

/** What one attempt gave: done, refused for good, or to be tried again later. */
export type SendOutcome =
  | { kind: 'ok'; data: unknown }
  | { kind: 'refused'; error: ApiError }
  | { kind: 'unauthorized'; error: ApiError }
  | { kind: 'retry'; error: ApiError };

const JSON_TIMEOUT_MS = 15_000;
// Photos on a weak link take long; the idempotency key makes a second attempt safe anyway.
const FORM_TIMEOUT_MS = 120_000;
/** Answers that may change by asking again later. */
const TRANSIENT = new Set([408, 425, 429]);

async function bodyOf(item: OutboxItem): Promise<{ body?: BodyInit; json: boolean }> {
  if (item.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(item.form.fields)) form.append(k, v);
    for (const f of item.form.files) form.append(f.field, f.blob, f.name);
    return { body: form, json: false };
  }
  if (item.blobs) {
    const body = { ...(item.body as Record<string, unknown> | undefined) };
    for (const [field, blob] of Object.entries(item.blobs)) body[field] = await blobToDataUrl(blob);
    return { body: JSON.stringify(body), json: true };
  }
  if (item.body === undefined) return { json: false };
  return { body: JSON.stringify(item.body), json: true };
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * One attempt at a queued write, with its Idempotency-Key and X-Device-Time: the server applies
 * it once however many attempts reach it.
 */
export async function sendOutboxItem(item: OutboxItem): Promise<SendOutcome> {
  const { body, json } = await bodyOf(item);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [CSRF_HEADER]: CSRF_VALUE,
    [IDEMPOTENCY_HEADER]: item.key,
    [DEVICE_TIME_HEADER]: item.deviceTime,
  };
  if (json) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    item.form ? FORM_TIMEOUT_MS : JSON_TIMEOUT_MS,
  );
  let res: Response;
  try {
    res = await fetch(buildUrl(item.path), {
      method: item.method,
      headers,
      credentials: 'include',
      body,
      signal: controller.signal,
    });
  } catch {
    if (!timedOut) connectivity.failed();
    const error = timedOut
      ? new ApiError({ status: 0, code: 'TIMEOUT', message: TIMEOUT_MESSAGE })
      : new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_MESSAGE });
    return { kind: 'retry', error };
  } finally {
    clearTimeout(timer);
  }
  connectivity.answered();
  const data = await readJson(res).catch(() => null);
  if (res.ok) return { kind: 'ok', data: trimDateFields(data) };
  const error = errorFromResponse(res.status, data);
  if (res.status === 401) return { kind: 'unauthorized', error };
  const transient = TRANSIENT.has(res.status) || error.code === IDEMPOTENCY_IN_PROGRESS;
  if (res.status >= 500 || transient) return { kind: 'retry', error };
  return { kind: 'refused', error };
}
