import '../../../test/setup-dom.ts';

import type { PushDevice } from '@eproto/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { PushDevices } from '../components/push-devices.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

// A real-looking VAPID public key: 65 bytes, 0x04 first.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/este-aparelho';

function device(over: Partial<PushDevice> = {}): PushDevice {
  return {
    id: 5,
    endpoint: ENDPOINT,
    device_label: 'Chrome no Android',
    created_at: '2026-11-20T12:00:00.000Z',
    last_success_at: null,
    last_failure_at: null,
    ...over,
  };
}

const fetchMock = vi.fn<typeof fetch>();
let serverDevices: PushDevice[] = [];
let subscription: {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  unsubscribe: ReturnType<typeof vi.fn>;
  toJSON: () => unknown;
} | null = null;
const subscribe = vi.fn();
const requestPermission = vi.fn<() => Promise<NotificationPermission>>();
const notification = { permission: 'default' as NotificationPermission, requestPermission };

function browserSubscription() {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: KEY_BYTES.buffer.slice(0) },
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
  };
}

function installPushApi() {
  const registration = {
    pushManager: {
      getSubscription: vi.fn(async () => subscription),
      subscribe,
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
    },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
}

beforeEach(() => {
  serverDevices = [];
  subscription = null;
  notification.permission = 'default';
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/push/public-key') return jsonResponse({ public_key: PUBLIC_KEY });
    if (url === '/api/push/subscriptions' && method === 'GET')
      return jsonResponse({ items: serverDevices });
    if (url === '/api/push/subscriptions' && method === 'POST') {
      const d = device();
      serverDevices = [d];
      return jsonResponse(d, 201);
    }
    if (url.startsWith('/api/push/subscriptions/') && method === 'DELETE') {
      serverDevices = serverDevices.filter((d) => `/api/push/subscriptions/${d.id}` !== url);
      return jsonResponse({ ok: true });
    }
    return jsonResponse({ error: 'inesperado' }, 500);
  });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushDevices (Notificações no celular)', () => {
  it('subscribes this browser with the server key on a tap and shows it on', async () => {
    installPushApi();
    requestPermission.mockImplementation(async () => {
      notification.permission = 'granted';
      return 'granted';
    });
    subscribe.mockImplementation(async () => (subscription = browserSubscription()));
    renderUi(<PushDevices />);
    expect(await screen.findByText('Desativado neste aparelho')).toBeTruthy();
    expect(screen.getByText('Nenhum aparelho recebe notificações ainda.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ativar neste aparelho' }));
    expect(await screen.findByText('Ativado neste aparelho')).toBeTruthy();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]![0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(urlOf(post[0])).toBe('/api/push/subscriptions');
    expect(JSON.parse(post[1]!.body as string)).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    });
    const row = screen.getByRole('listitem', { name: 'Chrome no Android' });
    expect(within(row).getByText('Este aparelho')).toBeTruthy();
  });

  it('turns this device off: removes it on the server and unsubscribes the browser', async () => {
    installPushApi();
    notification.permission = 'granted';
    subscription = browserSubscription();
    const mine = subscription;
    serverDevices = [
      device(),
      device({ id: 6, endpoint: 'https://x/y', device_label: 'Firefox no Windows' }),
    ];
    renderUi(<PushDevices />);
    fireEvent.click(await screen.findByRole('button', { name: 'Desativar neste aparelho' }));
    expect(await screen.findByText('Desativado neste aparelho')).toBeTruthy();
    expect(mine.unsubscribe).toHaveBeenCalled();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) =>
          urlOf(input) === '/api/push/subscriptions/5' && init?.method === 'DELETE',
      ),
    ).toBe(true);
    expect(screen.getByRole('listitem', { name: 'Firefox no Windows' })).toBeTruthy();
  });

  it('removes another device from the list without touching this browser', async () => {
    installPushApi();
    notification.permission = 'granted';
    subscription = browserSubscription();
    const mine = subscription;
    serverDevices = [
      device({ id: 6, endpoint: 'https://x/y', device_label: 'Firefox no Windows' }),
      device(),
    ];
    renderUi(<PushDevices />);
    await screen.findByText('Ativado neste aparelho');
    // This device comes first, whatever order the server lists them in.
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Chrome no Android',
      'Firefox no Windows',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remover Firefox no Windows' }));
    await waitFor(() => expect(screen.queryByText('Firefox no Windows')).toBeNull());
    expect(mine.unsubscribe).not.toHaveBeenCalled();
    expect(screen.getByText('Ativado neste aparelho')).toBeTruthy();
  });

  it('says the browser blocked it when permission is refused on the tap', async () => {
    installPushApi();
    requestPermission.mockImplementation(async () => {
      notification.permission = 'denied';
      return 'denied';
    });
    renderUi(<PushDevices />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ativar neste aparelho' }));
    expect(await screen.findByText('Bloqueado pelo navegador')).toBeTruthy();
    expect(subscribe).not.toHaveBeenCalled();
    expect(vi.mocked(notifications.show).mock.calls[0]![0].message).toMatch(/bloqueadas/);
    expect(screen.queryByRole('button', { name: 'Ativar neste aparelho' })).toBeNull();
  });

  it('shows "não suportado" without push support, and still lists the other devices', async () => {
    serverDevices = [device({ endpoint: 'https://x/y', device_label: 'Chrome no Android' })];
    renderUi(<PushDevices />);
    expect(await screen.findByText('Não suportado neste navegador')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ativar neste aparelho' })).toBeNull();
    expect(await screen.findByRole('listitem', { name: 'Chrome no Android' })).toBeTruthy();
  });
});
