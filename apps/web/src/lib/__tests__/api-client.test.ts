import {
  CHANGES_HEADER,
  CSRF_HEADER,
  CSRF_VALUE,
  MSG,
  ORIGIN_HEADER,
  type RealtimeChange,
} from '@eproto/domain';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../test/render.tsx';
import { api, requestWithHeaders } from '../api-client.ts';
import { ApiError, TIMEOUT_MESSAGE } from '../api-error.ts';
import { onLocalChanges } from '../changes/local-changes.ts';
import { TAB_ORIGIN } from '../changes/tab-origin.ts';
import { setNavigator } from '../navigation.ts';
import { queryClient } from '../query-client.ts';
import { resetSessionExpiry } from '../session-expiry.ts';
import { SESSION_KEY } from '../session-key.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(path: string) => void>();
const user = {
  id: 1,
  email: 'a@b.c',
  nome: 'Ana',
  type: 'gerente',
  rawType: 'Gerente',
  avatar: null,
};

function at(path: string) {
  window.history.pushState({}, '', path);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  resetSessionExpiry();
  queryClient.setQueryData(SESSION_KEY, user);
  queryClient.setQueryData(['murals', 'list'], [{ id: 1 }]);
  at('/eproto/quadros');
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  queryClient.clear();
});

describe('request basics', () => {
  it('sends cookies, JSON and the CSRF header to /api', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await api.post('/eproto/murals', { titulo: 'X' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/eproto/murals');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ titulo: 'X' }));
    const headers = init?.headers as Record<string, string>;
    expect(headers[CSRF_HEADER]).toBe(CSRF_VALUE);
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('builds query strings and skips empty params', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ items: [], unread: 0 }));
    await api.get('/eproto/notifications', { params: { limit: 20, q: '', x: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/eproto/notifications?limit=20');
  });

  it('throws ApiError with the server message and code', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: 'Título obrigatório', code: 'VALIDATION' }, 400),
    );
    const error = await api.post('/eproto/murals', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Título obrigatório' });
  });

  it('uses a Portuguese fallback when the error body has no message', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 500,
      message: 'Erro no servidor. Tente novamente em instantes.',
    });
  });

  it('returns headers for calls that need them (x-total-count)', async () => {
    fetchMock.mockResolvedValue(
      new Response('[]', {
        headers: { 'content-type': 'application/json', 'x-total-count': '42' },
      }),
    );
    const res = await requestWithHeaders<unknown[]>('GET', '/eproto/murals/summary');
    expect(res.headers.get('x-total-count')).toBe('42');
    expect(res.data).toEqual([]);
  });
});

describe('origin of writes (X-Origin) and their changes (X-Changes)', () => {
  it('sends this tab id on writes only', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ ok: true })));
    await api.patch('/eproto/murals/3/kanban', { stage: 'feito' });
    await api.get('/eproto/murals/3');
    const headersOf = (i: number) => fetchMock.mock.calls[i]![1]?.headers as Record<string, string>;
    expect(TAB_ORIGIN).toMatch(/^[0-9a-f]{32}$/);
    expect(headersOf(0)[ORIGIN_HEADER]).toBe(TAB_ORIGIN);
    expect(headersOf(1)[ORIGIN_HEADER]).toBeUndefined();
  });

  it('hands the changes a write answered to the listeners, unknown types left out', async () => {
    const heard: RealtimeChange[][] = [];
    const stop = onLocalChanges((c) => heard.push(c));
    const listed = [
      { type: 'mural.changed', id: 3, version: '2026-11-29T10:00:00.000Z' },
      { type: 'algo.novo', id: 4 },
    ];
    fetchMock.mockResolvedValue(
      new Response('{}', {
        status: 200,
        headers: { 'content-type': 'application/json', [CHANGES_HEADER]: JSON.stringify(listed) },
      }),
    );
    await api.patch('/eproto/murals/3/kanban', { stage: 'feito' });
    stop();
    expect(heard).toEqual([[listed[0]]]);
  });
});

describe('date fields', () => {
  it('trims the SPEC date fields to YYYY-MM-DD on every response, nested too', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        inicio_previsto: '2025-03-10T03:00:00.000Z',
        created_at: '2025-03-10T03:00:00.000Z',
        tasks: [{ fim_real: '2025-04-01T12:00:00Z', end: '2025-04-02T00:00:00Z' }],
      }),
    );
    const data = await api.get<Record<string, unknown>>('/eproto/murals/1');
    expect(data).toEqual({
      inicio_previsto: '2025-03-10',
      created_at: '2025-03-10T03:00:00.000Z',
      tasks: [{ fim_real: '2025-04-01', end: '2025-04-02' }],
    });
  });
});

describe('timeout', () => {
  it('aborts after 10 s with a Portuguese message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        }),
    );
    const pending = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: TIMEOUT_MESSAGE });
  });
});

describe('401 handling', () => {
  it('clears the session, shows the expiry toast once and goes to /login', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ error: 'Sessão expirada', code: 'UNAUTHORIZED' }, 401)),
    );
    const results = await Promise.allSettled([
      api.get('/eproto/murals'),
      api.get('/chat/contacts'),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(queryClient.getQueryData(SESSION_KEY)).toBeNull();
    expect(queryClient.getQueryData(['murals', 'list'])).toBeUndefined();
    // The toasts library is loaded with the first toast (lib/toast.ts).
    await vi.waitFor(() => expect(notifications.show).toHaveBeenCalled());
    expect(notifications.show).toHaveBeenCalledTimes(1);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: MSG.sessionExpired }),
    );
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('announces a later expiry again after the session became active', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ error: 'x' }, 401)));
    await api.get('/a').catch(() => undefined);
    resetSessionExpiry();
    queryClient.setQueryData(SESSION_KEY, user);
    await api.get('/b').catch(() => undefined);
    await vi.waitFor(() => expect(notifications.show).toHaveBeenCalledTimes(2));
  });

  it('sends a visitor who never had a session to /login without the expiry toast', async () => {
    queryClient.setQueryData(SESSION_KEY, null);
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ error: 'x' }, 401)));
    await api.get('/users/me').catch(() => undefined);
    expect(notifications.show).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it.each(['/auth/login', '/auth/password-reset', '/auth/password-reset-request', '/auth/invite'])(
    'does nothing special on the public auth path %s',
    async (path) => {
      fetchMock.mockResolvedValue(jsonResponse({ error: MSG.loginWrong }, 401));
      await expect(api.post(path, {})).rejects.toMatchObject({ status: 401 });
      expect(notifications.show).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
      expect(queryClient.getQueryData(SESSION_KEY)).toEqual(user);
    },
  );

  it.each(['/login', '/reset', '/reset-password', '/accept-invite'])(
    'does not redirect while the public page %s is shown',
    async (page) => {
      at(page);
      fetchMock.mockResolvedValue(jsonResponse({ error: 'x' }, 401));
      await expect(api.get('/users/me')).rejects.toMatchObject({ status: 401 });
      expect(notifications.show).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('stays silent when the caller asks (session probe, logout)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'x' }, 401));
    await expect(api.get('/users/me', { silent401: true })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });
});
