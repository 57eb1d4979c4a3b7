import { CSRF_HEADER, CSRF_VALUE, trimDateFields } from '@eproto/domain';

import { buildUrl, handleUnauthorized } from './api-client.ts';
import { ApiError, NETWORK_MESSAGE, TIMEOUT_MESSAGE, errorFromResponse } from './api-error.ts';

export interface UploadOptions {
  /** Called with the fraction sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** No limit by default: a large file on a weak connection may take longer than 10 s. */
  timeoutMs?: number;
}

function parse(xhr: XMLHttpRequest): unknown {
  if (xhr.responseText === '') return null;
  try {
    return JSON.parse(xhr.responseText) as unknown;
  } catch {
    return null;
  }
}

/**
 * Sends multipart form data with upload progress (fetch cannot report it). Same rules as the
 * API client: cookies, CSRF header, 401 handling, Portuguese errors, trimmed date fields.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs ?? 0;
    xhr.setRequestHeader(CSRF_HEADER, CSRF_VALUE);
    xhr.setRequestHeader('Accept', 'application/json');

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(trimDateFields(body) as T);
        return;
      }
      if (xhr.status === 401) handleUnauthorized(path, false);
      reject(errorFromResponse(xhr.status, body));
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_MESSAGE }));
    xhr.ontimeout = () =>
      reject(new ApiError({ status: 0, code: 'TIMEOUT', message: TIMEOUT_MESSAGE }));
    xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'));

    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
