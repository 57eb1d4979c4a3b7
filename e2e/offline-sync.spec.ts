import type { Page } from '@playwright/test';
import { expect, get, post, test } from './support/people.ts';
import { dayFromToday } from './support/work.ts';
import { PHONE } from './support/devices.ts';

// The technician's world is on the phone: opening the app once with signal fetches the week
// (agenda, EPI ficha, recent conversations) into IndexedDB, so screens never visited open
// offline; a chat message and an EPI replacement request made offline reach the server once.
// People, contract, agenda entry, EPI and messages are this spec's own.

/** Waits until the service worker controls the page (it serves the app shell offline). */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state === 'activated';
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('prefetch on app open: agenda day and EPI ficha never visited open offline; chat message and replacement request sync exactly once', async ({
  people,
}) => {
  const tag = people.tag();
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(coord);
  const asEquipe = await people.api(equipe);
  const day = dayFromToday(4);
  await post(api, '/api/tatico/agenda', {
    inicio: `${day}T08:00:00-03:00`,
    fim: `${day}T12:00:00-03:00`,
    local: `Estação de bombeamento ${tag}`,
    contract_id: contract.id,
    pessoas: [equipe.id],
    descricao: `Troca do rolamento da bomba ${tag}`,
  });
  const item = await post<{ id: number; nome: string }>(api, '/api/tatico/epi/itens', {
    nome: `Capacete classe B ${tag}`,
    ca_numero: '31469',
    ca_validade: dayFromToday(365),
    tamanho: 'U',
    vida_util_dias: 365,
    estoque_inicial: 3,
  });
  const delivery = await post<{ id: number }>(api, '/api/tatico/epi/entregas', {
    colaborador_id: equipe.id,
    item_id: item.id,
    data: dayFromToday(0),
    quantidade: 1,
    motivo: 'admissao',
  });
  await post(asEquipe, `/api/tatico/epi/entregas/${delivery.id}/confirmar`, {}, 200);
  await post(api, '/api/chat/send', { to: equipe.id, content: `Bom dia ${tag}` });

  // The app opens once with signal, on its landing page: the world is fetched in background.
  const page = await people.page(equipe, PHONE);
  const context = page.context();
  const fetched = (path: RegExp) =>
    page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.status() === 200);
  const prefetched = Promise.all([
    fetched(/^\/api\/tatico\/agenda\/minha$/),
    fetched(new RegExp(`^/api/tatico/epi/fichas/${equipe.id}$`)),
    fetched(/^\/api\/tatico\/epi\/minhas-entregas$/),
    fetched(new RegExp(`^/api/chat/messages/${coord.id}$`)),
  ]);
  await page.goto('/');
  await prefetched;
  await controlledByServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'Demandas' })).toBeVisible();

  // No signal: the agenda (never opened) shows the day from the kept copy.
  await context.setOffline(true);
  await page.goto('/tatico/agenda');
  await expect(page.getByTestId('offline-bar')).toContainText('Sem conexão');
  await page.getByText('Próximos 7 dias').tap();
  const entry = page.getByTestId('minha-agenda-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Troca do rolamento da bomba ${tag}`);
  await expect(entry).toContainText(`Estação de bombeamento ${tag}`);
  await expect(page.getByTestId('offline-updated-at')).toContainText(/atualizado às \d{2}:\d{2}/);

  // The EPI ficha, never opened either.
  await page.goto(`/tatico/epi?ficha=${equipe.id}`);
  const sheet = page.getByLabel('Ficha de EPI');
  await expect(sheet).toContainText(equipe.nome);
  await expect(sheet).toContainText(item.nome);
  await expect(page.getByTestId('offline-updated-at')).toBeVisible();

  // A replacement request made offline: shown as asked, waiting for the signal.
  await page.goto('/tatico/epi');
  await page.getByRole('button', { name: 'Solicitar troca' }).tap();
  const modal = page.getByRole('dialog', { name: 'Solicitar troca de EPI' });
  const details = modal.getByRole('textbox', { name: 'Detalhes (opcional)' });
  await details.tap();
  await details.pressSequentially('Casco trincado na queda');
  await modal.getByRole('button', { name: 'Enviar solicitação' }).tap();
  await expect(modal).toBeHidden();
  const asked = page.getByTestId('epi-replacement-asked');
  await expect(asked).toContainText('Troca solicitada');
  await expect(asked).toContainText('aguardando conexão');

  // A chat message written offline: kept on the phone, marked as waiting.
  await page.goto(`/operacional/chat?com=${coord.id}`);
  const conversation = page.getByTestId('chat-messages');
  await expect(conversation.getByText(`Bom dia ${tag}`)).toBeVisible();
  const texto = `Cheguei na estação, sem sinal aqui ${tag}`;
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.tap();
  await box.pressSequentially(texto);
  await page.getByRole('button', { name: 'Enviar mensagem' }).tap();
  const waiting = page.getByTestId('pending-chat-message');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toHaveText('aguardando conexão');
  await expect(page.getByRole('button', { name: 'Pendentes (2)' })).toBeVisible();

  // Signal back: both are sent, once.
  await context.setOffline(false);
  await expect(page.getByTestId('pending-chat-message')).toHaveCount(0, { timeout: 20_000 });
  await expect(conversation.getByText(texto)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pendentes/ })).toHaveCount(0);
  await page.reload();
  await expect(conversation.getByText(texto)).toHaveCount(1);

  const thread = await get<{ items: { content: string }[] }>(
    api,
    `/api/chat/messages/${equipe.id}?limit=50`,
  );
  expect(thread.items.filter((m) => m.content === texto)).toHaveLength(1);
  const requests = await get<{ items: { descricao: string }[] }>(
    asEquipe,
    '/api/tatico/epi/minhas-solicitacoes',
  );
  expect(requests.items).toHaveLength(1);
  expect(requests.items[0]!.descricao).toContain('Casco trincado na queda');
});
