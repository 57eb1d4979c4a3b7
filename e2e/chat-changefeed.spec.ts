import type { Page } from '@playwright/test';
import { expect, test } from './support/people.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { apiLog, callsTo, pushStreamOpen } from './support/changefeed.ts';

// Issue 37: a chat message reaches the other person's tabs as a change, not as whole reads. Its
// event carries the preview, so the conversation list and the menu badge take it as it is; the
// conversation on screen asks only what came since its cursor; a read marks the messages in
// place. Before, every message re-read the contact list, the badge (the same list) and every
// loaded page of the conversation in every tab of both people.

/** How long a pushed message may take to show on a busy machine (the chat polls every 25 s). */
const PUSH = 10_000;

/** The open conversation's messages. */
const messages = (page: Page) => page.getByRole('log', { name: 'Mensagens' });

/** The conversation list. */
const list = (page: Page) => page.getByRole('navigation', { name: 'Chat' });

/**
 * Holds every read of a list the chat also polls (every 25 s) far past the test's waits: what
 * shows up within them came from the event, not from a read, even if a poll ticks meanwhile.
 */
async function holdReads(page: Page, path: string) {
  await page.route(`**${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    await route.continue().catch(() => undefined);
  });
}

/** Sends from the open conversation, waiting for the server to store it. */
async function send(page: Page, text: string, path = '/api/chat/send') {
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.fill(text);
  const stored = page.waitForResponse((r) => r.url().endsWith(path) && r.status() === 201);
  await box.press('Enter');
  await stored;
}

test('a message reaches a phone with two tabs as one small ask, the list from the event', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });

  // The equipe's phone: the conversation open in one tab, the list of conversations in another.
  const phone = await people.page(equipe, PHONE);
  const context = phone.context();
  const streaming = pushStreamOpen(context);
  await phone.goto(`/operacional/chat?com=${coord.id}`);
  await expect(phone.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/operacional/chat');
  await expect(list(other).getByRole('button', { name: new RegExp(coord.nome) })).toBeVisible();
  await streaming;
  await phone.bringToFront();

  const desk = await people.page(coord, DESKTOP);
  await desk.goto(`/operacional/chat?com=${equipe.id}`);
  await expect(desk.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  await phone.waitForLoadState('networkidle');
  await other.waitForLoadState('networkidle');
  await desk.waitForLoadState('networkidle');
  const [phoneLog, otherLog, deskLog] = [apiLog(phone), apiLog(other), apiLog(desk)];
  for (const page of [phone, other, desk]) await holdReads(page, '/api/chat/contacts');

  const text = `Material chegou no almoxarifado ${people.tag()}`;
  await send(desk, text);

  await expect(messages(phone).getByText(text)).toBeVisible({ timeout: PUSH });
  // The other tab's list shows the preview first, from the event alone.
  await expect(list(other).getByRole('button').first()).toContainText(text, { timeout: PUSH });
  // The phone read it (the conversation is open): the desk shows it read, with no read of its own.
  await expect(messages(desk).getByLabel('Lida').last()).toBeVisible({ timeout: PUSH });
  for (const page of [phone, other, desk]) await page.waitForLoadState('networkidle');

  const thread = `GET /api/chat/messages/${coord.id}`;
  // One ask of the open conversation, since its cursor (the list and the badge, whose reads
  // are held, showed it from the event); the other tab asked nothing of the conversation.
  expect(callsTo(phoneLog, thread)).toHaveLength(1);
  expect(callsTo(phoneLog, thread)[0]).toContain('updated_since=');
  expect(callsTo(otherLog, 'GET /api/chat/messages/')).toEqual([]);
  expect(callsTo(phoneLog, 'POST /api/chat/read/')).toHaveLength(1);
  // The sender's tab: its own message from the answer (at most one ask, when the event came
  // before the answer), the read marks from the read's event.
  const own = callsTo(deskLog, `GET /api/chat/messages/${equipe.id}`);
  expect(own.length).toBeLessThanOrEqual(1);
  for (const ask of own) expect(ask).toContain('updated_since=');

  await phone.screenshot({ path: test.info().outputPath('chat-phone-390.png') });
  await desk.screenshot({ path: test.info().outputPath('chat-desk-1440.png') });
});

test('a message in a contract room: the room on screen asks since its cursor, nothing else', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });

  const phone = await people.page(equipe, PHONE);
  const context = phone.context();
  const streaming = pushStreamOpen(context);
  await phone.goto(`/operacional/chat-contrato?sala=${contract.id}`);
  await expect(phone.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/operacional/chat-contrato');
  await expect(
    list(other).getByRole('button', { name: new RegExp(contract.codigo) }),
  ).toBeVisible();
  await streaming;
  await phone.bringToFront();

  const desk = await people.page(coord, DESKTOP);
  await desk.goto(`/operacional/chat-contrato?sala=${contract.id}`);
  await expect(desk.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  for (const page of [phone, other, desk]) await page.waitForLoadState('networkidle');
  const [phoneLog, otherLog] = [apiLog(phone), apiLog(other)];
  for (const page of [phone, other]) await holdReads(page, '/api/contract-chat/contracts');

  const text = `Equipe, amanhã às 7h ${people.tag()}`;
  await send(desk, text, '/api/contract-chat/send');
  await expect(messages(phone).getByText(text)).toBeVisible({ timeout: PUSH });
  await expect(list(other).getByRole('button').first()).toContainText(text, { timeout: PUSH });
  for (const page of [phone, other]) await page.waitForLoadState('networkidle');

  const room = `GET /api/contract-chat/messages/${contract.id}`;
  expect(callsTo(phoneLog, room)).toHaveLength(1);
  expect(callsTo(phoneLog, room)[0]).toContain('updated_since=');
  expect(callsTo(otherLog, 'GET /api/contract-chat/messages/')).toEqual([]);
});
