import { vi } from 'vitest';

import { jsonResponse, urlOf } from './render.tsx';

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stubs fetch as the API: answers each call with the first answer whose key ("POST /api/x",
 * or a path) the call matches, else `{}`, and records what was sent, body parsed, so a form
 * test asserts the payload the server receives.
 */
export function stubApi(answers: Record<string, unknown> = {}) {
  const sent: SentRequest[] = [];
  const mock = vi.fn<typeof fetch>((input, init) => {
    const method = init?.method ?? 'GET';
    const url = urlOf(input);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, url, body });
    const key = Object.keys(answers).find((k) => {
      const [m, p] = k.includes(' ') ? k.split(' ') : [undefined, k];
      return (!m || m === method) && url.split('?')[0] === p;
    });
    return Promise.resolve(jsonResponse(key === undefined ? {} : answers[key]));
  });
  vi.stubGlobal('fetch', mock);
  return {
    mock,
    /** Bodies of the calls with this method and path, in order. */
    bodies: (method: string, path: string) =>
      sent.filter((s) => s.method === method && s.url.split('?')[0] === path).map((s) => s.body),
  };
}
