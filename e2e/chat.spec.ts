import { expect, test, type Page } from '@playwright/test';
import { login, sidebar } from './support/auth.ts';

/** What a badge shows for a count (SPEC.md: 9+ above 9). */
const badge = (n: number) => (n > 9 ? '9+' : String(n));

/** The open conversation's messages. */
const messages = (page: Page) => page.getByRole('log', { name: 'Mensagens' });

/** A RegExp that matches the text literally. */
const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

async function openConversation(page: Page, withName: string) {
  await page.goto('/operacional/chat');
  await page
    .getByRole('navigation', { name: 'Chat' })
    .getByRole('button', { name: new RegExp(withName) })
    .click();
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.fill(text);
  const stored = page.waitForResponse(
    (r) => r.url().endsWith('/api/chat/send') && r.status() === 201,
  );
  await box.press('Enter');
  await stored;
}

test('coordenador sends, equipe sees it without reload within a second, with the badge', async ({
  browser,
}) => {
  const coordCtx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const equipeCtx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const coord = await coordCtx.newPage();
  const equipe = await equipeCtx.newPage();

  await login(equipe, 'equipe@eproto.test');
  const chatLink = sidebar(equipe).getByRole('link', { name: /^Chat/ });
  await expect(chatLink).toBeVisible();
  const contacts = (await (await equipe.request.get('/api/chat/contacts')).json()) as Array<{
    unread: number;
  }>;
  const before = contacts.reduce((n, c) => n + c.unread, 0);
  await expect(chatLink).toContainText(before > 0 ? badge(before) : 'Chat');

  await login(coord, 'coordenador@eproto.test');
  await openConversation(coord, 'João Pereira');

  // Equipe is elsewhere in the app: the menu badge goes up at once (push, not the 25 s poll).
  const first = `Chegou o material no almoxarifado ${Date.now()}`;
  await send(coord, first);
  await expect(chatLink).toContainText(badge(before + 1), { timeout: 1_000 });

  // Equipe opens the conversation: the message is there and the badge clears.
  await openConversation(equipe, 'Marcos Ribeiro');
  await expect(messages(equipe).getByText(first)).toBeVisible();
  await expect(chatLink).not.toContainText(/\d/);

  // With the conversation open, the next message appears without reload within a second.
  const second = `Pode retirar a partir das 14h ${Date.now()}`;
  await send(coord, second);
  await expect(messages(equipe).getByText(second)).toBeVisible({ timeout: 1_000 });

  // And the answer reaches the coordenador the same way.
  const answer = `Combinado, passo lá ${Date.now()}`;
  await send(equipe, answer);
  await expect(messages(coord).getByText(answer)).toBeVisible({ timeout: 1_000 });

  await coordCtx.close();
  await equipeCtx.close();
});

test('a mention in the chat rings the bell, which opens the conversation', async ({ browser }) => {
  const coordCtx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const equipeCtx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const coord = await coordCtx.newPage();
  const equipe = await equipeCtx.newPage();

  await login(equipe, 'equipe@eproto.test');
  const bell = equipe.getByRole('button', { name: /^Avisos/ });
  const bellData = (await (await equipe.request.get('/api/eproto/notifications')).json()) as {
    unread: number;
  };
  const before = bellData.unread;

  await login(coord, 'coordenador@eproto.test');
  await openConversation(coord, 'João Pereira');
  const box = coord.getByRole('textbox', { name: 'Mensagem' });
  await box.fill('@Jo');
  await coord.getByRole('option', { name: 'João Pereira' }).click();
  const text = `confere o checklist de EPI? ${Date.now()}`;
  await box.pressSequentially(text);
  const stored = coord.waitForResponse((r) => r.url().endsWith('/api/chat/send'));
  await box.press('Enter');
  expect((await stored).status()).toBe(201);

  // Rings within 2 s (counted up from before; parallel specs may add to it too).
  const unread = async () => {
    const label = (await bell.getAttribute('aria-label')) ?? '';
    return Number(/Avisos: (\d+)/.exec(label)?.[1] ?? 0);
  };
  if (before < 9) await expect.poll(unread, { timeout: 2_000 }).toBeGreaterThan(before);
  await bell.click();
  await equipe
    .getByRole('button', { name: new RegExp(`^Menção no chat: .*${literal(text).source}`) })
    .click();
  await expect(equipe).toHaveURL(/\/operacional\/chat\?com=\d+$/);
  await expect(messages(equipe).getByText(literal(text))).toBeVisible();
  // The mention is now read. (Other specs running in parallel may ring equipe's bell too, so
  // the check is on this notification, not on the total.)
  await expect
    .poll(async () => {
      const res = await equipe.request.get('/api/eproto/notifications?limit=100');
      const list = (await res.json()) as {
        items: { texto: string | null; read_at: string | null }[];
      };
      return list.items.find((n) => n.texto?.includes(text))?.read_at ?? null;
    })
    .not.toBeNull();

  await coordCtx.close();
  await equipeCtx.close();
});

test('tabs of one browser share one push stream and all update', async ({ browser }) => {
  const coordCtx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const equipeCtx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  let streams = 0;
  equipeCtx.on('request', (r) => {
    if (r.url().endsWith('/api/events')) streams += 1;
  });
  const coord = await coordCtx.newPage();
  const tab1 = await equipeCtx.newPage();
  await login(tab1, 'equipe@eproto.test');
  await openConversation(tab1, 'Marcos Ribeiro');
  // tab1 has its stream by now (the landing page before the chat may have opened one too).
  await expect.poll(() => streams).toBeGreaterThan(0);
  const beforeTab2 = streams;
  const tab2 = await equipeCtx.newPage();
  await tab2.goto('/operacional/chat');
  const list2 = tab2.getByRole('navigation', { name: 'Chat' });
  await expect(list2.getByRole('button', { name: /Marcos Ribeiro/ })).toBeVisible();

  await login(coord, 'coordenador@eproto.test');
  await openConversation(coord, 'João Pereira');
  const text = `Para as duas abas ${Date.now()}`;
  await send(coord, text);
  await expect(messages(tab1).getByText(text)).toBeVisible({ timeout: 1_000 });
  // The second tab hears it through the first tab's stream.
  await expect(list2.getByText(text)).toBeVisible({ timeout: 1_000 });
  // ...and never opened one of its own.
  expect(streams - beforeTab2).toBe(0);

  await coordCtx.close();
  await equipeCtx.close();
});
