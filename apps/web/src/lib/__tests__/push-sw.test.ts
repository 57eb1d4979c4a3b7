import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// public/push-sw.js runs inside the service worker (importScripts); here it runs against a
// stand-in `self` and `clients` so its push and notificationclick handlers can be driven.
const source = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/push-sw.js'),
  'utf8',
);
const ORIGIN = 'https://eproto.example';

type Handler = (event: unknown) => void;

function loadWorker(windows: Array<{ url: string }> = []) {
  const handlers: Record<string, Handler> = {};
  const showNotification = vi.fn(async (_title: string, _options: object) => undefined);
  const tabs = windows.map((w) => {
    const tab = {
      url: w.url,
      focus: vi.fn(async () => tab),
      navigate: vi.fn(async (url: string) => ({ ...tab, url })),
    };
    return tab;
  });
  const clients = {
    matchAll: vi.fn(async () => tabs),
    openWindow: vi.fn(async () => null),
  };
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    addEventListener: (type: string, fn: Handler) => (handlers[type] = fn),
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the worker file as the browser runs it
  new Function('self', 'clients', source)(self, clients);
  const fire = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { fire, showNotification, clients, tabs };
}

const pushOf = (data: unknown) => ({
  data: {
    json: () => (typeof data === 'string' ? JSON.parse(data) : data),
    text: () => (typeof data === 'string' ? data : JSON.stringify(data)),
  },
});

describe('push-sw.js', () => {
  it('shows the title, body, icon and the page to open', async () => {
    const w = loadWorker();
    await w.fire(
      'push',
      pushOf({ title: 'Nova atribuição', body: 'Tarefa X', url: '/eproto/protocols/4' }),
    );
    expect(w.showNotification).toHaveBeenCalledWith('Nova atribuição', {
      body: 'Tarefa X',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      data: { url: '/eproto/protocols/4' },
    });
  });

  it('never opens another origin, and shows a plain-text push as its body', async () => {
    const w = loadWorker();
    await w.fire('push', pushOf({ title: 'A', body: 'B', url: 'https://outro.example/x' }));
    expect(w.showNotification.mock.calls[0]![1]).toMatchObject({ data: { url: '/' } });
    await w.fire('push', pushOf('texto simples'));
    expect(w.showNotification.mock.calls[1]).toEqual([
      'E-Proto',
      expect.objectContaining({ body: 'texto simples', data: { url: '/' } }),
    ]);
  });

  it('on a tap focuses an open E-Proto tab and takes it to the item', async () => {
    const w = loadWorker([{ url: `${ORIGIN}/eproto/murals` }]);
    const close = vi.fn();
    await w.fire('notificationclick', { notification: { close, data: { url: '/tatico/agenda' } } });
    expect(close).toHaveBeenCalled();
    expect(w.tabs[0]!.focus).toHaveBeenCalled();
    expect(w.tabs[0]!.navigate).toHaveBeenCalledWith(`${ORIGIN}/tatico/agenda`);
    expect(w.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a tap with the app closed opens the item in a new window', async () => {
    const w = loadWorker([]);
    await w.fire('notificationclick', {
      notification: { close: vi.fn(), data: { url: '/solicitacoes?id=3' } },
    });
    expect(w.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/solicitacoes?id=3`);
  });
});
