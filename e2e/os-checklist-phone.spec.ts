import type { Locator, Page, Route } from '@playwright/test';

import { expect, get, post, test } from './support/people.ts';
import { phoneAt } from './support/devices.ts';

// The checklist on a touch phone (issue 30, points 1 and 5): before the check-in the answers
// are disabled and say why, so a tap stores nothing; a number above the item's maximum typed
// key by key (slowly, past the autosave delay) never stores its first digits; an answer the
// server refuses goes back to what the server has; toasts and errors stay above the action
// bar. What was stored is read back through the API. People, contract and OS are this spec's.

const SITE = { latitude: -23.5613, longitude: -46.6565 };
const PHONE = phoneAt(SITE, 12);

interface OsDetail {
  status: string;
  checklist: {
    item: { id: number };
    resposta: { valor_sim_nao: string | null; valor_numero: number | null } | null;
  }[];
}

/** The top of the OS action bar must be below the bottom of `el` (nothing under the bar). */
async function expectAboveBar(page: Page, el: Locator) {
  const box = await el.boundingBox();
  const bar = await page.getByTestId('os-action-bar').boundingBox();
  expect(box).not.toBeNull();
  expect(bar).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y + 0.5);
}

test('before check-in the checklist is disabled; out-of-range numbers never store a digit', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const tipo = await post<{ id: number; itens: { id: number }[] }>(api, '/api/tatico/os/tipos', {
    nome: `Vistoria de bombas ${tag}`,
    itens: [
      { titulo: 'Bomba ligada', tipo: 'sim_nao', obrigatorio: true },
      { titulo: 'Nota de conservação', tipo: 'numero', obrigatorio: true, minimo: 0, maximo: 10 },
      {
        titulo: 'Pressão de saída',
        tipo: 'numero',
        obrigatorio: true,
        unidade: 'bar',
        minimo: 0,
        maximo: 20,
      },
    ],
  });
  const [ligada, nota, pressao] = tipo.itens;
  const start = Date.now() - 10 * 60_000;
  const os0 = await post<{ id: number; codigo: string }>(api, '/api/tatico/os', {
    contract_id: contract.id,
    local: `Casa de bombas ${tag}`,
    ...SITE,
    pessoas: [tecnico.id],
    service_type_id: tipo.id,
    previsto_inicio: new Date(start).toISOString(),
    previsto_fim: new Date(start + 2 * 3600_000).toISOString(),
  });
  const stored = async () => {
    const os = await get<OsDetail>(api, `/api/tatico/os/${os0.id}`);
    return (id: number) => os.checklist.find((c) => c.item.id === id)?.resposta ?? null;
  };

  const phone = await people.page(tecnico, PHONE);
  await phone.goto(`/tatico/agenda/os/${os0.id}`);
  await expect(phone.getByTestId('os-codigo')).toHaveText(os0.codigo);
  const card = (id: number) => phone.locator(`[data-testid="checklist-item"][data-item="${id}"]`);

  // Point 5: before the check-in nothing is answerable, and the reason is on screen.
  await expect(phone.getByTestId('checklist-locked')).toContainText(
    'Faça o check-in antes de responder o checklist.',
  );
  const sim = card(ligada!.id).getByRole('radio', { name: 'Sim' });
  await expect(sim).toBeDisabled();
  await expect(card(ligada!.id)).toContainText('Disponível depois do check-in.');
  await expect(card(nota!.id).getByRole('textbox')).toBeDisabled();
  await sim.tap({ force: true });
  await expect(sim).toHaveAttribute('aria-checked', 'false');
  await expect(card(ligada!.id).getByText('Feito')).toHaveCount(0);
  expect((await stored())(ligada!.id)).toBeNull();

  // The check-in; its toast sits above the action bar, not over it.
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');
  const toast = phone.getByText('Check-in registrado.');
  await expect(toast).toBeVisible();
  await expectAboveBar(phone, phone.locator('.mantine-Notification-root').first());
  await expect(phone.getByTestId('checklist-locked')).toHaveCount(0);
  await expect(sim).toBeEnabled();

  // Point 1: "12" in a 0–10 item and "25" in a 0–20 one, key by key with a slow thumb (longer
  // than the autosave delay between keys), then leaving the field.
  const notaInput = card(nota!.id).getByRole('textbox');
  await notaInput.tap();
  await notaInput.pressSequentially('12', { delay: 1500 });
  const pressaoInput = card(pressao!.id).getByRole('textbox');
  await pressaoInput.tap();
  await expect(card(nota!.id).getByText('O valor máximo é 10.')).toBeVisible();
  await pressaoInput.pressSequentially('25', { delay: 1500 });
  await card(pressao!.id).getByText('Pressão de saída').tap();
  await expect(card(pressao!.id).getByText('O valor máximo é 20.')).toBeVisible();
  await expect(card(nota!.id).getByText('Feito')).toHaveCount(0);
  await expect(card(pressao!.id).getByText('Feito')).toHaveCount(0);
  await expect(phone.getByTestId('missing-items')).toContainText('Nota de conservação');

  // A later answer that the server has proves the earlier writes were all sent (one queue).
  await sim.tap();
  await expect(card(ligada!.id).getByText('Feito')).toBeVisible();
  await expect.poll(async () => (await stored())(ligada!.id)?.valor_sim_nao).toBe('sim');
  const after = await stored();
  expect(after(nota!.id)).toBeNull();
  expect(after(pressao!.id)).toBeNull();

  // Corrected, each is stored as typed.
  await notaInput.tap();
  await notaInput.fill('');
  await notaInput.pressSequentially('10', { delay: 300 });
  await pressaoInput.tap();
  await pressaoInput.fill('');
  await pressaoInput.pressSequentially('12,5', { delay: 300 });
  await card(pressao!.id).getByText('Pressão de saída').tap();
  await expect.poll(async () => (await stored())(pressao!.id)?.valor_numero).toBe(12.5);
  expect((await stored())(nota!.id)?.valor_numero).toBe(10);
  await expect(card(nota!.id).getByText('Feito')).toBeVisible();
  await expect(phone.getByTestId('missing-items')).toHaveCount(0);

  // Point 5: an answer the server refuses is rolled back. The OS is cancelled at the office
  // while the phone, without its live updates, still shows it running.
  await phone.route('**/api/events**', (route) => route.abort());
  await phone.reload();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');
  // Nor may a refetch (polling fallback, focus) tell it before the tap: the OS is read again
  // only once the refusal came back.
  // Held, not aborted: an aborted read looks like a lost signal, and the answer would then go to
  // the offline queue instead of straight to the server.
  const osRead = (url: URL) => url.pathname === `/api/tatico/os/${os0.id}`;
  const held: Route[] = [];
  await phone.route(osRead, (route) =>
    route.request().method() === 'GET' ? void held.push(route) : route.continue(),
  );
  await post(
    api,
    `/api/tatico/os/${os0.id}/etapas`,
    { acao: 'cancelar', motivo: 'Cliente desmarcou' },
    200,
  );
  const nao = card(ligada!.id).getByRole('radio', { name: 'Não', exact: true });
  // The answer sits right above the action bar: its refusal would appear under the bar.
  await nao.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const refused = phone.waitForResponse(
    (r) =>
      r.url().includes(`/api/tatico/os/${os0.id}/checklist/`) && r.request().method() === 'PUT',
  );
  await nao.tap();
  expect((await refused).status()).toBeGreaterThanOrEqual(400);
  await phone.unroute(osRead);
  for (const route of held.splice(0)) await route.continue().catch(() => undefined);
  const refusal = card(ligada!.id).getByRole('alert');
  await expect(refusal).toContainText('OS cancelada: não pode mais ser alterada.');
  await expect(refusal).toBeInViewport();
  await expect
    .poll(async () => {
      const bars = phone.getByTestId('os-action-bar');
      const bar = (await bars.count()) > 0 ? await bars.boundingBox() : null;
      const box = await refusal.boundingBox();
      return box !== null && (bar === null || box.y + box.height <= bar.y + 0.5);
    })
    .toBe(true);
  await expect(nao).toHaveAttribute('aria-checked', 'false');
  await expect(card(ligada!.id).getByRole('radio', { name: 'Sim' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect((await stored())(ligada!.id)?.valor_sim_nao).toBe('sim');
  // The refusal makes the phone read the OS again: it shows what the office did.
  await expect(phone.getByTestId('os-status')).toHaveText('Cancelada');
  await expect(phone.getByTestId('os-action-bar')).toHaveCount(0);
});
