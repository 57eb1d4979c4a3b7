import type { Page } from '@playwright/test';
import { expect, get, post, test } from './support/people.ts';
import { dayFromToday } from './support/work.ts';
import { PHONE } from './support/devices.ts';

// A technician without signal: writes are kept on the phone (IndexedDB outbox), survive closing
// the app, and reach the server exactly once when the signal returns, with the phone's time.
// People, contract, board, demand and agenda entries are this spec's own.

interface Entry {
  id: number;
  status: string;
  iniciado_em: string | null;
  iniciado_recebido_em: string | null;
}

/** Waits until the service worker controls the page (it precaches the app shell). */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state === 'activated';
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('offline: agenda start and a demand message are kept, survive closing the app and sync exactly once', async ({
  people,
}) => {
  const tag = people.tag();
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(coord);
  const today = dayFromToday(0);
  const newEntry = (descricao: string, from: string, to: string) =>
    post<Entry>(api, '/api/tatico/agenda', {
      inicio: `${today}T${from}:00-03:00`,
      fim: `${today}T${to}:00-03:00`,
      local: `Subestação ${tag}`,
      contract_id: contract.id,
      pessoas: [equipe.id],
      descricao,
    });
  const started = await newEntry(`Troca de isoladores ${tag}`, '00:01', '11:59');
  const cancelled = await newEntry(`Inspeção do para-raios ${tag}`, '12:00', '23:59');
  const board = await post<{ id: number }>(api, '/api/eproto/boards', {
    nome: `Quadro ${tag}`,
    contract_id: contract.id,
    participants: [equipe.id],
  });
  const mural = await post<{ id: number }>(api, '/api/eproto/murals', {
    board_id: board.id,
    contract_id: contract.id,
    titulo: `Manutenção da subestação ${tag}`,
    participants: [equipe.id],
  });

  const page = await people.page(equipe, PHONE);
  const context = page.context();
  await page.goto(`/eproto/murals/${mural.id}?aba=mensagens`);
  await expect(page.getByText('Nenhuma mensagem ainda')).toBeVisible();
  await page.goto('/tatico/agenda');
  await controlledByServiceWorker(page);
  const cards = page.getByTestId('minha-agenda-entry');
  await expect(cards).toHaveCount(2);

  // Signal gone: the banner says so and the start is kept as done-but-pending.
  await context.setOffline(true);
  await expect(page.getByTestId('offline-bar')).toContainText('Sem conexão');
  const tappedAt = Date.now();
  const first = cards.filter({ hasText: `Troca de isoladores ${tag}` });
  await first.getByRole('button', { name: 'Iniciar' }).tap();
  await expect(first).toContainText('aguardando conexão');
  await expect(first).toContainText('Em execução');
  await expect(first.getByRole('button', { name: 'Concluir' })).toBeVisible();
  const second = cards.filter({ hasText: `Inspeção do para-raios ${tag}` });
  await second.getByRole('button', { name: 'Iniciar' }).tap();
  await expect(second).toContainText('aguardando conexão');
  // Meanwhile the office cancels the second entry: that start will be refused.
  await post(api, `/api/tatico/agenda/${cancelled.id}/status`, { status: 'cancelado' }, 200);

  await page.goto(`/eproto/murals/${mural.id}?aba=mensagens`);
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.tap();
  const texto = `Cheguei na subestação, sem sinal aqui ${tag}`;
  await box.pressSequentially(texto);
  await page.getByRole('button', { name: 'Enviar mensagem' }).tap();
  await expect(page.getByTestId('pending-message')).toContainText(texto);
  await expect(page.getByTestId('pending-message')).toContainText('aguardando conexão');
  await expect(page.getByRole('button', { name: 'Pendentes (3)' })).toBeVisible();

  // The app is closed and opened again, still without signal: everything is still there.
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto('/tatico/agenda');
  await expect(reopened.getByTestId('offline-bar')).toContainText('Sem conexão');
  const again = reopened.getByTestId('minha-agenda-entry');
  await expect(again.filter({ hasText: `Troca de isoladores ${tag}` })).toContainText(
    'aguardando conexão',
  );
  await expect(reopened.getByText(/atualizado às \d{2}:\d{2}/)).toBeVisible();
  await reopened.getByRole('button', { name: 'Pendentes (3)' }).tap();
  const panel = reopened.getByRole('dialog');
  await expect(panel.getByTestId('outbox-pending-item')).toHaveCount(3);
  await expect(panel.getByTestId('outbox-pending-item').nth(0)).toContainText(
    `Iniciar: Troca de isoladores ${tag}`,
  );
  await expect(panel.getByTestId('outbox-pending-item').nth(2)).toContainText(texto);
  expect(await get<Entry>(api, `/api/tatico/agenda/${started.id}`)).toMatchObject({
    status: 'agendado',
  });

  // Signal back: sent in order, once; the refused one needs attention with the server's reason.
  const onlineAt = Date.now();
  await context.setOffline(false);
  const attention = panel.getByTestId('outbox-attention-item');
  await expect(attention).toHaveCount(1, { timeout: 15_000 });
  await expect(attention).toContainText(`Iniciar: Inspeção do para-raios ${tag}`);
  await expect(attention).toContainText(
    'Um agendamento cancelado não pode passar para em execução.',
  );
  await expect(attention).toContainText('A situação mudou enquanto você estava sem conexão');
  await expect(panel.getByTestId('outbox-pending-item')).toHaveCount(0);

  const entry = await get<Entry>(api, `/api/tatico/agenda/${started.id}`);
  expect(entry.status).toBe('em_execucao');
  // The time it happened on the phone, not the time it arrived.
  const deviceTime = Date.parse(entry.iniciado_em!);
  expect(deviceTime).toBeGreaterThanOrEqual(tappedAt - 1_000);
  expect(deviceTime).toBeLessThan(onlineAt);
  expect(Date.parse(entry.iniciado_recebido_em!)).toBeGreaterThanOrEqual(onlineAt - 1_000);
  const messages = await get<{ texto: string }[]>(api, `/api/eproto/murals/${mural.id}/messages`);
  expect(messages.filter((m) => m.texto === texto)).toHaveLength(1);

  // The person discards the refused start; nothing is left waiting.
  await attention.getByRole('button', { name: 'Descartar' }).tap();
  await expect(panel.getByText('Nada esperando')).toBeVisible();
  await expect(panel).toContainText('Pendentes (0)');
});

test('a write sent twice with one Idempotency-Key is applied once and answered the same', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const api = await people.api(coord);
  const tag = people.tag();
  const board = await post<{ id: number }>(api, '/api/eproto/boards', {
    nome: `Quadro ${tag}`,
    contract_id: contract.id,
  });
  const mural = await post<{ id: number }>(api, '/api/eproto/murals', {
    board_id: board.id,
    contract_id: contract.id,
    titulo: `Demanda ${tag}`,
  });
  const key = `e2e-${crypto.randomUUID()}`;
  const send = () =>
    api.post(`/api/eproto/murals/${mural.id}/messages`, {
      data: { texto: `Resposta perdida ${tag}` },
      headers: { 'idempotency-key': key },
    });
  const first = await send();
  const second = await send();
  expect(first.status()).toBe(201);
  expect(second.status()).toBe(201);
  expect(await second.text()).toBe(await first.text());
  expect(second.headers()['idempotent-replayed']).toBe('true');
  const messages = await get<{ texto: string }[]>(api, `/api/eproto/murals/${mural.id}/messages`);
  expect(messages.filter((m) => m.texto === `Resposta perdida ${tag}`)).toHaveLength(1);
});
