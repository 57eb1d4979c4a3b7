// public/theme-init.js asks who is signed in before the app's scripts run; the API client takes
// that answer once instead of asking again (issue 33: one round trip less before every screen).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

import { CSRF_HEADER, CSRF_VALUE } from '@eproto/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../test/render.tsx';
import { api } from '../api-client.ts';
import { EARLY_GET_MAX_AGE_MS } from '../early-gets.ts';

const THEME_INIT = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/theme-init.js'),
  'utf8',
);

type EarlyWindow = {
  __eprotoEarlyGets?: Record<string, { at: number; response: Promise<Response> }>;
};
const gets = () => (window as unknown as EarlyWindow).__eprotoEarlyGets;

const user = {
  id: 7,
  email: 'a@b.c',
  nome: 'Ana',
  type: 'gerente',
  rawType: 'Gerente',
  avatar: null,
};
const fetchMock = vi.fn<typeof fetch>();
const earlyFetch = vi.fn<typeof fetch>();

/** Runs public/theme-init.js as the page does, at `path`, with `earlyFetch` as its fetch. */
function runThemeInit(at: string) {
  window.history.pushState({}, '', at);
  const page = Object.create(window) as Window;
  Object.defineProperty(page, 'fetch', { value: earlyFetch });
  Object.defineProperty(page, 'location', { value: window.location });
  vm.runInNewContext(THEME_INIT, { window: page, Promise, Date });
  // The script writes on its own window view; the app reads the real one.
  (window as unknown as EarlyWindow).__eprotoEarlyGets = (
    page as unknown as EarlyWindow
  ).__eprotoEarlyGets;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  delete (window as unknown as EarlyWindow).__eprotoEarlyGets;
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('who is signed in, asked before the app runs', () => {
  it('theme-init.js asks GET /api/users/me as the API client would, on a signed-in page', () => {
    earlyFetch.mockImplementation(() => Promise.resolve(jsonResponse(user)));
    runThemeInit('/tatico/agenda');
    expect(earlyFetch).toHaveBeenCalledTimes(1);
    const [url, init] = earlyFetch.mock.calls[0]!;
    expect(url).toBe('/api/users/me');
    // The API client's headers for a GET (api-client.ts, send).
    expect(init?.headers).toEqual({ Accept: 'application/json', [CSRF_HEADER]: CSRF_VALUE });
    expect(init?.credentials).toBe('include');
    expect(gets()?.['/api/users/me']?.response).toBeInstanceOf(Promise);
  });

  it('does not ask on the public pages', () => {
    for (const at of ['/login', '/reset-password', '/accept-invite/']) {
      runThemeInit(at);
      expect(gets()).toBeUndefined();
    }
    expect(earlyFetch).not.toHaveBeenCalled();
  });

  it('the client takes that answer once, then asks itself', async () => {
    earlyFetch.mockImplementation(() => Promise.resolve(jsonResponse(user)));
    runThemeInit('/eproto/quadros');
    expect(await api.get('/users/me')).toEqual(user);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(gets()?.['/api/users/me']).toBeUndefined();

    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ ...user, nome: 'Ana Lima' })),
    );
    expect(await api.get<typeof user>('/users/me')).toMatchObject({ nome: 'Ana Lima' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks itself when the early request failed or is old, and never for other URLs', async () => {
    earlyFetch.mockRejectedValue(new TypeError('Failed to fetch'));
    runThemeInit('/eproto/quadros');
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(user)));
    expect(await api.get('/users/me')).toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    earlyFetch.mockImplementation(() => Promise.resolve(jsonResponse({ ...user, nome: 'antigo' })));
    runThemeInit('/eproto/quadros');
    vi.setSystemTime(Date.now() + EARLY_GET_MAX_AGE_MS + 1);
    expect(await api.get<typeof user>('/users/me')).toMatchObject({ nome: 'Ana' });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // Another GET, or the same URL with a cache mode, is not the early one.
    earlyFetch.mockImplementation(() => Promise.resolve(jsonResponse({ ...user, nome: 'cedo' })));
    runThemeInit('/eproto/quadros');
    await api.get('/users/me', { cache: 'no-cache' });
    await api.get('/eproto/boards');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(gets()?.['/api/users/me']).toBeDefined();
  });
});
