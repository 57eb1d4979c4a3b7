import type { Page } from '@playwright/test';

import { PHONE } from './support/devices.ts';
import { expect, get, post, test } from './support/people.ts';
import { smallTargets } from './support/touch-targets.ts';

// Web Push on the phone: the service worker shows a push as a notification (a synthetic push
// delivered through the Chrome DevTools Protocol, as DevTools' "Push" button does), and
// /profile turns pushes on per device. The people are this spec's own.

/** A touch phone that says it is an Android phone (the push prompt is offered to phones). */
const ANDROID = {
  ...PHONE,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
} as const;

/** Waits until the service worker is active and controls the page. */
async function controlledBySw(page: Page) {
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state === 'activated';
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('the service worker shows a synthetic push as a notification carrying the item page', async ({
  people,
}) => {
  const tech = await people.person('Equipe');
  const page = await people.page(tech, { ...ANDROID, permissions: ['notifications'] });
  await page.goto('/profile');
  await controlledBySw(page);

  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      title: 'Agenda',
      body: 'Você tem um novo agendamento em 10/12 das 08:00 às 12:00: Subestação Leste.',
      url: '/tatico/agenda',
    }),
  });

  await expect
    .poll(() =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          icon: n.icon,
          url: (n.data as { url: string }).url,
        }));
      }),
    )
    .toEqual([
      {
        title: 'Agenda',
        body: 'Você tem um novo agendamento em 10/12 das 08:00 às 12:00: Subestação Leste.',
        icon: `${origin}/icons/icon-192.png`,
        url: '/tatico/agenda',
      },
    ]);
});

type Devices = { items: Array<{ id: number; endpoint: string; device_label: string }> };

/**
 * Headless Chromium has no push service: pushManager.subscribe() rejects with "AbortError:
 * Registration failed - permission denied" even with notifications granted. This stands in for
 * the browser's side only (what subscribe() returns); the page, the server and what it stores
 * are the real ones.
 */
async function fakePushService(page: Page, endpoint: string) {
  await page.addInitScript((endpoint) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async function (options) {
      const key = options?.applicationServerKey as Uint8Array;
      const sub = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
        getKey: () => null,
        unsubscribe: async () => {
          current = null;
          return true;
        },
        toJSON: () => ({
          endpoint,
          expirationTime: null,
          keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
        }),
      };
      const made = sub as unknown as PushSubscription;
      current = made;
      return made;
    };
  }, endpoint);
}

test('a technician turns pushes on for this phone on /profile, then off', async ({ people }) => {
  const tech = await people.person('Equipe');
  const api = await people.api(tech);
  const endpoint = `https://push.example.com/e2e/${people.tag()}`;
  const page = await people.page(tech, { ...ANDROID, permissions: ['notifications'] });
  await fakePushService(page, endpoint);
  await page.goto('/profile');
  await controlledBySw(page);

  const section = page.getByRole('heading', { name: 'Notificações no celular' }).locator('..');
  await expect(section.getByText('Desativado neste aparelho')).toBeVisible();
  await expect(section.getByText('Nenhum aparelho recebe notificações ainda.')).toBeVisible();
  await section.getByRole('button', { name: 'Ativar neste aparelho' }).tap();
  await expect(section.getByText('Ativado neste aparelho')).toBeVisible();
  const device = section.getByRole('listitem', { name: 'Chrome no Android' });
  await expect(device.getByText('Este aparelho')).toBeVisible();
  // Every control of the page, the new section's included, takes a finger (44 px).
  expect(await smallTargets(page)).toEqual([]);

  const stored = await get<Devices>(api, '/api/push/subscriptions');
  expect(stored.items.map((d) => [d.endpoint, d.device_label])).toEqual([
    [endpoint, 'Chrome no Android'],
  ]);

  await section.getByRole('button', { name: 'Desativar neste aparelho' }).tap();
  await expect(section.getByText('Desativado neste aparelho')).toBeVisible();
  expect((await get<Devices>(api, '/api/push/subscriptions')).items).toEqual([]);
});

test('another device of the person is listed and removed with a tap', async ({ people }) => {
  const tech = await people.person('Equipe');
  const api = await people.api(tech);
  await post(api, '/api/push/subscriptions', {
    endpoint: `https://push.example.com/e2e/${people.tag()}`,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  });
  const page = await people.page(tech, { ...ANDROID, permissions: ['notifications'] });
  await page.goto('/profile');
  const section = page.getByRole('heading', { name: 'Notificações no celular' }).locator('..');
  // The device was added by Playwright's own request client (its user agent is not a browser's).
  const row = section.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Este aparelho')).toHaveCount(0);
  await row.getByRole('button', { name: /^Remover / }).tap();
  await expect(section.getByText('Nenhum aparelho recebe notificações ainda.')).toBeVisible();
  expect((await get<Devices>(api, '/api/push/subscriptions')).items).toEqual([]);
});

test('/profile says so when the browser cannot subscribe or blocks notifications', async ({
  people,
}) => {
  const tech = await people.person('Equipe');
  const api = await people.api(tech);
  const page = await people.page(tech, { ...ANDROID, permissions: ['notifications'] });
  await page.goto('/profile');
  await controlledBySw(page);
  const section = page.getByRole('heading', { name: 'Notificações no celular' }).locator('..');

  // The real subscribe() of headless Chromium (no push service): an honest error, nothing stored.
  await section.getByRole('button', { name: 'Ativar neste aparelho' }).tap();
  await expect(
    page.getByText('O navegador não conseguiu se inscrever no serviço de notificações.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(section.getByText('Desativado neste aparelho')).toBeVisible();
  expect((await get<Devices>(api, '/api/push/subscriptions')).items).toEqual([]);

  // Notifications blocked for the site in the browser's settings.
  const pageCdp = await page.context().newCDPSession(page);
  const { targetInfo } = await pageCdp.send('Target.getTargetInfo');
  const browserCdp = await page.context().browser()!.newBrowserCDPSession();
  await browserCdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin: new URL(page.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
  await page.reload();
  await expect(section.getByText('Bloqueado pelo navegador')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Ativar neste aparelho' })).toHaveCount(0);
});
