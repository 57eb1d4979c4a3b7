import type { BrowserContextOptions, Page } from '@playwright/test';

import { signConclusion } from './support/signature.ts';
import { expect, get, post, test, type People } from './support/people.ts';
import { DESKTOP, phoneAt, screenshotThemes } from './support/devices.ts';

// Issue 34: the checklist of an OS that serves customer assets, answered per asset on a touch
// phone. The week's prefetch brings the assets (the OS opens offline, never opened online);
// answers go through the offline outbox like every OS step (phone time kept, sent once,
// kept across a reload); a number above the item's maximum is never stored; the conclusion
// is refused while an asset misses a required item, naming it, then accepted. What was stored
// is read back through the API. People, contract, assets, type and OS are this spec's own.

const SITE = { latitude: -23.5613, longitude: -46.6565 };
const PHONE = phoneAt(SITE, 10);
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

interface Answer {
  item_id: number;
  valor_sim_nao: string | null;
  valor_numero: number | null;
  respondido_em: string;
  device_time: string | null;
}
interface OsAssets {
  ativos: { id: number; tag: string; respostas: Answer[]; faltando: string[] }[];
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

/** True once the OS's assets are kept in the phone's IndexedDB cache (its own query key). */
function assetsKeptOnPhone(page: Page, osId: number) {
  return page.evaluate(
    (id) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('eproto-cache');
        open.onsuccess = () => {
          const req = open.result
            .transaction('queries', 'readonly')
            .objectStore('queries')
            .get('query-client');
          req.onsuccess = () => {
            const kept = req.result as
              { clientState: { queries: { queryKey: unknown[] }[] } } | undefined;
            open.result.close();
            const key = JSON.stringify(['service-orders', 'detail', id, 'ativos']);
            resolve(!!kept?.clientState.queries.some((q) => JSON.stringify(q.queryKey) === key));
          };
          req.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    osId,
  );
}

/** A contract with two split units on one floor, a preventive checklist and an OS serving both. */
async function world(people: People) {
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const split = types.items.find((x) => x.nome === 'Ar-condicionado split')!;
  const assets: { id: number; tag: string }[] = [];
  for (const sala of ['302', '303']) {
    const { asset } = await post<{ asset: { id: number; tag: string } }>(
      api,
      '/api/tatico/ativos',
      {
        contract_id: contract.id,
        type_id: split.id,
        tag: `AC-${tag}-${sala}`.toUpperCase(),
        predio: 'Bloco C',
        andar: '3º andar',
        sala: `Sala ${sala}`,
      },
    );
    assets.push(asset);
  }
  const tipo = await post<{ id: number; itens: { id: number }[] }>(api, '/api/tatico/os/tipos', {
    nome: `Preventiva de split ${tag}`,
    itens: [
      {
        titulo: 'Temperatura de insuflamento',
        tipo: 'numero',
        obrigatorio: true,
        unidade: '°C',
        minimo: 0,
        maximo: 60,
      },
      { titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: true },
    ],
  });
  const start = Date.now() - 10 * 60_000;
  const os = await post<{ id: number; codigo: string; ativos: number }>(api, '/api/tatico/os', {
    contract_id: contract.id,
    local: `Bloco C · 3º andar ${tag}`,
    ...SITE,
    pessoas: [tecnico.id],
    service_type_id: tipo.id,
    previsto_inicio: new Date(start).toISOString(),
    previsto_fim: new Date(start + 3 * 3600_000).toISOString(),
    ativos: assets.map((a) => a.id),
  });
  expect(os.ativos).toBe(2);
  const stored = async () => {
    const view = await get<OsAssets>(api, `/api/tatico/os/${os.id}/ativos`);
    return (assetId: number, itemId: number) =>
      view.ativos.find((a) => a.id === assetId)!.respostas.find((r) => r.item_id === itemId) ??
      null;
  };
  return { contract, coord, tecnico, tag, api, assets, tipo, os, stored };
}

test('an OS with two assets is answered per asset on a phone, offline too, and sent once', async ({
  people,
}) => {
  test.setTimeout(240_000);
  const w = await world(people);
  const [ac1, ac2] = [w.assets[0]!, w.assets[1]!];
  const [temp, filtro] = w.tipo.itens as [{ id: number }, { id: number }];

  // Online once, on the agenda only: the week's prefetch keeps the OS and its assets.
  const phone = await people.page(w.tecnico, PHONE);
  const context = phone.context();
  const puts: string[] = [];
  phone.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes(`/api/tatico/os/${w.os.id}/ativos/`)) {
      puts.push(new URL(r.url()).pathname);
    }
  });
  await phone.goto('/tatico/agenda');
  await controlledByServiceWorker(phone);
  await expect.poll(() => assetsKeptOnPhone(phone, w.os.id), { timeout: 30_000 }).toBe(true);

  // Opened for the first time without signal: the assets come from the prefetch.
  await context.setOffline(true);
  await expect(phone.getByTestId('offline-bar')).toContainText('Sem conexão');
  const card = phone.getByTestId('minha-agenda-entry').filter({ hasText: w.tag });
  await card.getByTestId('minha-agenda-os').tap();
  await expect(phone.getByTestId('os-codigo')).toHaveText(w.os.codigo);
  const section = (a: { tag: string }) =>
    phone.locator(`[data-testid="os-asset"][data-asset="${a.tag}"]`);
  await expect(section(ac1)).toContainText('Ar-condicionado split · Bloco C · 3º andar · Sala 302');
  await expect(section(ac2)).toContainText('Sala 303');
  await expect(section(ac1)).toContainText('Faltam 2');
  await expect(phone.getByRole('tab', { name: 'Checklist 0/2 ativos' })).toBeVisible();
  const item = (a: { tag: string }, id: number) =>
    section(a).locator(`[data-testid="checklist-item"][data-item="${id}"]`);
  // Check-in first: the answers say so.
  await expect(item(ac1, temp.id).getByRole('textbox')).toBeDisabled();
  await expect(item(ac1, temp.id)).toContainText('Disponível depois do check-in.');

  await context.setOffline(false);
  await expect(phone.getByTestId('offline-bar')).toHaveCount(0, { timeout: 30_000 });
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');

  // Asset 1, online: "45,5" typed key by key, then "Sim".
  const temp1 = item(ac1, temp.id).getByRole('textbox');
  await expect(temp1).toBeEnabled();
  await temp1.tap();
  await temp1.pressSequentially('45,5', { delay: 120 });
  await item(ac1, temp.id).getByText('Temperatura de insuflamento').tap();
  await item(ac1, filtro.id).getByRole('radio', { name: 'Sim' }).tap();
  await expect.poll(async () => (await w.stored())(ac1.id, temp.id)?.valor_numero).toBe(45.5);
  await expect.poll(async () => (await w.stored())(ac1.id, filtro.id)?.valor_sim_nao).toBe('sim');
  await expect(section(ac1)).toContainText('Completo');
  await expect(section(ac1)).toContainText('2 de 2 itens respondidos');

  // Hostile: above the item's maximum, key by key with a slow thumb, then leaving the field.
  await section(ac2)
    .getByRole('button', { name: new RegExp(ac2.tag) })
    .tap();
  const temp2 = item(ac2, temp.id).getByRole('textbox');
  await temp2.tap();
  await temp2.pressSequentially('75', { delay: 900 });
  await item(ac2, temp.id).getByText('Temperatura de insuflamento').tap();
  await expect(item(ac2, temp.id).getByText('O valor máximo é 60.')).toBeVisible();
  await expect(item(ac2, temp.id).getByText('Feito')).toHaveCount(0);

  // Asset 2, in airplane mode: the temperature only (the filter is left for later).
  await context.setOffline(true);
  await expect(phone.getByTestId('offline-bar')).toContainText('Sem conexão');
  const offlineAt = Date.now();
  await temp2.tap();
  await temp2.fill('');
  await temp2.pressSequentially('23,4', { delay: 120 });
  await item(ac2, temp.id).getByText('Temperatura de insuflamento').tap();
  await expect(item(ac2, temp.id)).toContainText('aguardando conexão');
  await expect(item(ac1, temp.id)).not.toContainText('aguardando conexão');
  await expect(phone.getByRole('button', { name: 'Pendentes (1)' })).toBeVisible();
  const typedBy = Date.now();

  // The app is opened again, still offline: the answer is there, waiting.
  await phone.reload();
  await expect(phone.getByTestId('offline-bar')).toContainText('Sem conexão');
  await expect(item(ac2, temp.id).getByRole('textbox')).toHaveValue('23,4');
  await expect(item(ac2, temp.id)).toContainText('aguardando conexão');
  await expect(section(ac2)).toContainText('Falta 1');
  await section(ac1)
    .getByRole('button', { name: new RegExp(ac1.tag) })
    .tap();
  await expect(item(ac1, temp.id).getByRole('textbox')).toHaveValue('45,5');
  expect(await w.stored().then((s) => s(ac2.id, temp.id))).toBeNull();

  // Signal back: sent by itself, once, with the phone's time.
  const onlineAt = Date.now();
  await context.setOffline(false);
  await expect(phone.getByTestId('offline-bar')).toHaveCount(0, { timeout: 30_000 });
  await expect(item(ac2, temp.id)).not.toContainText('aguardando conexão', { timeout: 30_000 });
  const synced = (await w.stored())(ac2.id, temp.id)!;
  expect(synced.valor_numero).toBe(23.4);
  expect(Date.parse(synced.device_time!)).toBeGreaterThanOrEqual(offlineAt - 1_000);
  expect(Date.parse(synced.device_time!)).toBeLessThanOrEqual(typedBy);
  expect(Date.parse(synced.respondido_em)).toBeGreaterThanOrEqual(onlineAt - 1_000);
  const path2 = `/api/tatico/os/${w.os.id}/ativos/${ac2.id}/checklist/${temp.id}`;
  expect(puts.filter((p) => p === path2)).toHaveLength(1);
  expect(puts.filter((p) => p.endsWith(`/checklist/${temp.id}`))).toHaveLength(2);

  // The conclusion is refused while asset 2 misses the filter, naming the asset.
  await expect(section(ac2)).toContainText('Faltam: Filtro limpo.');
  await phone.getByRole('button', { name: 'Concluir' }).tap();
  const dialog = phone.getByRole('dialog', { name: `Concluir ${w.os.codigo}` });
  await expect(dialog.getByTestId('missing-items')).toContainText(`${ac2.tag}: Filtro limpo`);
  await expect(dialog.getByTestId('missing-items')).not.toContainText(ac1.tag);
  const tech = await people.api(w.tecnico);
  const early = await tech.post(`/api/tatico/os/${w.os.id}/concluir`, {
    data: { tipo: 'recusada', recusa_motivo: 'Cliente ausente' },
  });
  expect(early.status()).toBe(400);
  expect((await early.json()).error).toBe(
    `Faltam itens obrigatórios do checklist: ${ac2.tag}: Filtro limpo.`,
  );
  await phone.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Answered, it is accepted.
  await item(ac2, filtro.id).getByRole('radio', { name: 'Sim' }).tap();
  await expect.poll(async () => (await w.stored())(ac2.id, filtro.id)?.valor_sim_nao).toBe('sim');
  await expect(section(ac2)).toContainText('Completo');
  await expect(phone.getByRole('tab', { name: 'Checklist 2/2 ativos' })).toBeVisible();
  await phone.getByRole('button', { name: 'Concluir' }).tap();
  await signConclusion(phone, dialog);
  await expect(phone.getByTestId('os-status')).toHaveText('Concluída');

  // Sealed: read-only, and what was stored is what was typed; 75 never was.
  await expect(item(ac1, temp.id).getByRole('textbox')).toBeDisabled();
  const final = await get<OsAssets>(w.api, `/api/tatico/os/${w.os.id}/ativos`);
  expect(
    final.ativos.map((a) => [
      a.tag,
      a.respostas.map((r) => [r.item_id, r.valor_numero ?? r.valor_sim_nao]),
      a.faltando,
    ]),
  ).toEqual([
    [
      ac1.tag,
      [
        [temp.id, 45.5],
        [filtro.id, 'sim'],
      ],
      [],
    ],
    [
      ac2.tag,
      [
        [temp.id, 23.4],
        [filtro.id, 'sim'],
      ],
      [],
    ],
  ]);
  const os = await get<{ status: string; selada: boolean }>(w.api, `/api/tatico/os/${w.os.id}`);
  expect(os).toMatchObject({ status: 'concluida', selada: true });
});

const SHOT_DEVICES: { device: string; options: BrowserContextOptions }[] = [
  { device: '390', options: PHONE },
  { device: '1440', options: { ...DESKTOP, permissions: ['geolocation'], geolocation: SITE } },
];
for (const { device, options } of SHOT_DEVICES) {
  // One flow; the themes only change the pictures (screenshotThemes), not the flow.
  test(`the per-asset checklist at ${device} px (light and dark)`, async ({ people }) => {
    const w = await world(people);
    const [ac1, ac2] = [w.assets[0]!, w.assets[1]!];
    const [temp, filtro] = w.tipo.itens as [{ id: number }, { id: number }];
    const tech = await people.api(w.tecnico);
    await post(tech, `/api/tatico/os/${w.os.id}/etapas`, { acao: 'check_in', ...SITE }, 200);
    const put = async (assetId: number, itemId: number, data: object) =>
      expect(
        (
          await tech.put(`/api/tatico/os/${w.os.id}/ativos/${assetId}/checklist/${itemId}`, {
            data,
          })
        ).status(),
      ).toBe(200);
    await put(ac1.id, temp.id, { valor_numero: 45.5 });
    await put(ac1.id, filtro.id, { valor_sim_nao: 'sim' });
    await put(ac2.id, temp.id, { valor_numero: 23.4 });

    const page = await people.page(w.tecnico, options);
    await page.goto(`/tatico/agenda/os/${w.os.id}`);
    await expect(page.getByTestId('os-asset')).toHaveCount(2);
    await expect(page.getByTestId('os-asset').nth(1)).toContainText('Faltam: Filtro limpo.');
    await screenshotThemes(page, (theme) => `${SHOTS}/os-assets-checklist-${device}-${theme}.png`, {
      fullPage: true,
    });
  });
}
