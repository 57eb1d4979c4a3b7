import { afterEach, describe, expect, it, vi } from 'vitest';

import { logout } from '../api/logout.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('logout', () => {
  it('ends this browser’s push subscription and signs out', async () => {
    const unsubscribe = vi.fn(async () => true);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => ({
          pushManager: { getSubscription: async () => ({ unsubscribe }) },
        }),
      },
    });
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{"ok":true}'));
    vi.stubGlobal('fetch', fetchMock);
    await logout();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('signs out when the browser has no service worker or push subscription', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{"ok":true}'));
    vi.stubGlobal('fetch', fetchMock);
    await logout();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
