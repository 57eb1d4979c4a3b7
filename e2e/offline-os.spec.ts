import type { APIRequestContext, Page } from '@playwright/test';
import { createHash } from 'node:crypto';

import { expect, get, post, test, type People } from './support/people.ts';
import { keptOnPhone } from './support/phone-cache.ts';
import { phoneAt } from './support/devices.ts';
import { signConclusion } from './support/signature.ts';

// A whole service order run in airplane mode on a touch phone: everything is kept on the phone
// (IndexedDB outbox, photos as Blobs), shows as done-but-pending, survives closing the app, and
// reaches the server exactly once, in order, with the phone's times, when the signal returns.
// A step the office made impossible meanwhile lands in "Precisa de atenção". People, contract,
// template, stock, vehicle, agenda entry and OSs are this spec's own.

const SITE = { latitude: -23.5613, longitude: -46.6565 };
const PHONE = phoneAt(SITE, 10);

interface OsDetail {
  id: number;
  codigo: string;
  status: string;
  selada: boolean;
  check_in_em: string | null;
  historico: { tipo: string; em: string; device_time: string | null }[];
  checklist: { item: { id: number }; resposta: { valor_numero: number | null } | null }[];
  fotos: { checklist_item_id: number | null; created_at: string }[];
  materiais: { quantidade: number; movement_id: number | null }[];
  km: { saida: number | null };
  assinatura: { tipo: string; cliente_nome: string | null } | null;
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

/** A camera-like JPEG drawn by the browser (a different picture per seed). */
async function cameraJpeg(page: Page, seed: number): Promise<Buffer> {
  const dataUrl = await page.evaluate((n) => {
    const c = document.createElement('canvas');
    c.width = 1200;
    c.height = 900;
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = `hsl(${n * 90}, 45%, 55%)`;
    ctx.fillRect(0, 0, 1200, 900);
    ctx.fillStyle = '#f4f4f4';
    ctx.fillRect(200 + n * 50, 250, 600, 380);
    return c.toDataURL('image/jpeg', 0.9);
  }, seed);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The queued conclusion as the phone keeps it in IndexedDB: how the signature is stored. */
function queuedSignature(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ isBlob: boolean; type: string; sha256: string; inBody: boolean } | null>(
        (resolve) => {
          const open = indexedDB.open('eproto-outbox');
          open.onsuccess = () => {
            const all = open.result
              .transaction('writes', 'readonly')
              .objectStore('writes')
              .getAll();
            all.onsuccess = async () => {
              open.result.close();
              const items = all.result as {
                path: string;
                body?: Record<string, unknown>;
                blobs?: Record<string, Blob>;
              }[];
              const w = items.find((i) => i.path.endsWith('/concluir'));
              const blob = w?.blobs?.assinatura;
              if (!w || !(blob instanceof Blob)) {
                resolve(
                  w
                    ? {
                        isBlob: false,
                        type: '',
                        sha256: '',
                        inBody: 'assinatura' in (w.body ?? {}),
                      }
                    : null,
                );
                return;
              }
              const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
              const sha256 = [...new Uint8Array(digest)]
                .map((b) => b.toString(16).padStart(2, '0'))
                .join('');
              resolve({
                isBlob: true,
                type: blob.type,
                sha256,
                inBody: 'assinatura' in (w.body ?? {}),
              });
            };
          };
          open.onerror = () => resolve(null);
        },
      ),
  );
}

function plate(): string {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digit = () => String(Math.floor(Math.random() * 10));
  return `${letter()}${letter()}${letter()}${digit()}${letter()}${digit()}${digit()}`;
}

/** Contract, coordinator, technician, a template with a 3-photo item, stock, vehicle, entry, OS. */
async function world(people: People) {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const tipo = await post<{ id: number; itens: { id: number }[] }>(api, '/api/tatico/os/tipos', {
    nome: `Inspeção de quadro elétrico ${tag}`,
    itens: [
      {
        titulo: 'Temperatura do barramento',
        tipo: 'numero',
        obrigatorio: true,
        unidade: '°C',
        minimo: 0,
        maximo: 90,
      },
      { titulo: 'Fotos do quadro', tipo: 'foto', obrigatorio: true, fotos_minimas: 3 },
    ],
  });
  const stock = await post<{ item: { id: number } }>(api, '/api/tatico/inventario/itens', {
    natureza: 'consumivel',
    codigo: `FI-${tag}`.toUpperCase().replace(/[^A-Z0-9-]/g, ''),
    nome: `Fita isolante ${tag}`,
    categoria: 'Elétrica',
    localizacao: 'Almoxarifado',
    unidade: 'un',
    quantidade_inicial: 10,
  });
  const { vehicle } = await post<{ vehicle: { id: number } }>(api, '/api/tatico/frota/veiculos', {
    placa: plate(),
    marca: 'Fiat',
    modelo: 'Strada',
    ano: 2022,
    odometro_km: 45_000,
  });
  return { contract, coord, tecnico, tag, api, tipo, stock: stock.item, vehicle };
}

async function osFromEntry(
  api: APIRequestContext,
  w: Awaited<ReturnType<typeof world>>,
  descricao: string,
  vehicle: boolean,
) {
  const entry = await post<{ id: number }>(api, '/api/tatico/agenda', {
    inicio: new Date(Date.now() - 20 * 60_000).toISOString(),
    fim: new Date(Date.now() + 3 * 3600_000).toISOString(),
    local: `Subestação ${w.tag}`,
    ...SITE,
    contract_id: w.contract.id,
    pessoas: [w.tecnico.id],
    vehicle_id: vehicle ? w.vehicle.id : null,
    descricao,
    confirmar_conflitos: true,
  });
  const os = await post<{ id: number; codigo: string }>(api, '/api/tatico/os/da-agenda', {
    agenda_entry_id: entry.id,
    service_type_id: w.tipo.id,
  });
  return { entry, os };
}

test('an OS run offline is kept, survives closing the app, and reaches the server once, in order, with the phone times', async ({
  people,
}) => {
  test.setTimeout(180_000);
  const w = await world(people);
  const { entry, os: os0 } = await osFromEntry(w.api, w, `Inspeção do QGBT ${w.tag}`, true);
  const [temperatura, fotos] = w.tipo.itens;

  // Online once: the agenda, the OS and the material picker are kept on the phone.
  const phone = await people.page(w.tecnico, PHONE);
  const context = phone.context();
  await phone.goto('/tatico/agenda');
  await controlledByServiceWorker(phone);
  const card = phone.getByTestId('minha-agenda-entry').filter({ hasText: w.tag });
  await card.getByTestId('minha-agenda-os').tap();
  await expect(phone.getByTestId('os-codigo')).toHaveText(os0.codigo);
  await phone.getByRole('tab', { name: /Materiais/ }).tap();
  await phone.getByRole('combobox', { name: 'Material ou ferramenta', exact: true }).tap();
  await expect(
    phone.getByRole('option', { name: new RegExp(`Fita isolante ${w.tag}`) }),
  ).toBeVisible();
  await phone.keyboard.press('Escape');
  await expect.poll(() => keptOnPhone(phone, 'inventory')).toBe(true);
  await phone.getByRole('link', { name: 'Minha agenda' }).tap();
  await expect(card).toBeVisible();

  // Airplane mode from here on.
  await context.setOffline(true);
  await expect(phone.getByTestId('offline-bar')).toContainText('Sem conexão');
  const offlineAt = Date.now();
  await card.getByRole('button', { name: 'Iniciar' }).tap();
  await expect(card).toContainText('aguardando conexão');
  await card.getByTestId('minha-agenda-os').tap();
  await expect(phone.getByTestId('os-codigo')).toHaveText(os0.codigo);

  await phone.getByRole('button', { name: 'Estou a caminho' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em deslocamento');
  const km = phone.getByRole('textbox', { name: 'Km na saída' });
  await km.tap();
  await km.pressSequentially('45.210');
  await phone.getByRole('button', { name: 'Registrar km de saída' }).tap();
  await expect(phone.getByTestId('os-km')).toContainText('Saída: 45.210 km');
  await expect(phone.getByTestId('os-km')).toContainText('aguardando conexão');
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');

  const item = (id: number) => phone.locator(`[data-testid="checklist-item"][data-item="${id}"]`);
  const temp = item(temperatura!.id).getByRole('textbox');
  await temp.tap();
  await temp.pressSequentially('45,5', { delay: 20 });
  await temp.blur();
  await expect(item(temperatura!.id)).toContainText('aguardando conexão');
  for (const seed of [1, 2, 3]) {
    await item(fotos!.id)
      .getByTestId('photo-input')
      .setInputFiles({
        name: `IMG_2026112${seed}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await cameraJpeg(phone, seed),
      });
    await item(fotos!.id).getByRole('button', { name: 'Enviar foto' }).tap();
    await expect(item(fotos!.id).locator('img[src^="blob:"]')).toHaveCount(seed);
  }
  await expect(item(fotos!.id).getByText('3 de 3 fotos mínimas')).toBeVisible();
  await expect(phone.getByTestId('missing-items')).toHaveCount(0);

  await phone.getByRole('tab', { name: /Materiais/ }).tap();
  await phone.getByRole('combobox', { name: 'Material ou ferramenta', exact: true }).tap();
  await phone.getByRole('option', { name: new RegExp(`Fita isolante ${w.tag}`) }).tap();
  const qty = phone.getByRole('textbox', { name: /Quantidade/ });
  await qty.tap();
  await qty.fill('');
  await qty.pressSequentially('2');
  await phone.getByRole('button', { name: 'Registrar material' }).tap();
  await expect(phone.getByTestId('os-material')).toHaveCount(1);
  await expect(phone.getByTestId('os-material')).toContainText('aguardando conexão');

  await phone.getByRole('button', { name: 'Concluir' }).tap();
  const dialog = phone.getByRole('dialog', { name: `Concluir ${os0.codigo}` });
  await signConclusion(phone, dialog);
  await expect(dialog).toBeHidden();
  await expect(phone.getByTestId('os-status')).toHaveText('Concluída');
  await expect(phone.getByText('Concluída — aguardando conexão')).toBeVisible();
  // start + on the way + km + check-in + answer + 3 photos + material + conclusion
  await expect(phone.getByRole('button', { name: 'Pendentes (10)' })).toBeVisible();
  const doneOfflineBy = Date.now();
  // The drawn signature waits as a PNG Blob in IndexedDB, not as a base64 string in the body.
  const signature = await queuedSignature(phone);
  expect(signature).toMatchObject({ isBlob: true, type: 'image/png', inBody: false });

  // The app is closed and opened again, still in airplane mode: everything is there.
  await phone.close();
  const again = await context.newPage();
  await again.goto(`/tatico/agenda/os/${os0.id}`);
  await expect(again.getByTestId('offline-bar')).toContainText('Sem conexão');
  await expect(again.getByTestId('os-status')).toHaveText('Concluída');
  await expect(again.getByText('Concluída — aguardando conexão')).toBeVisible();
  await expect(again.getByTestId('os-pending-steps')).toContainText(`Check-in na ${os0.codigo}`);
  const item2 = again.locator(`[data-testid="checklist-item"][data-item="${fotos!.id}"]`);
  await expect(item2.locator('img[src^="blob:"]')).toHaveCount(3);
  await again.getByRole('button', { name: 'Pendentes (10)' }).tap();
  const panel = again.getByRole('dialog');
  await expect(panel).toContainText('10 ações guardadas no aparelho');
  // 10 writes in 8 rows: the 3 photos of the OS are one row, opened to see each.
  const rows = panel.locator(
    '[data-testid="outbox-pending-item"], [data-testid="outbox-pending-group"]',
  );
  await expect(rows).toHaveCount(8);
  await expect(rows.nth(1)).toContainText(`A caminho da ${os0.codigo}`);
  await expect(rows.nth(3)).toContainText(`Check-in na ${os0.codigo}`);
  const photoRow = panel.getByTestId('outbox-pending-group');
  await expect(rows.nth(5)).toContainText(`3 fotos · ${os0.codigo}`);
  await expect(photoRow).toContainText('3 arquivos');
  await expect(rows.nth(7)).toContainText(`Conclusão e assinatura da ${os0.codigo}`);
  await expect(rows.nth(7)).toContainText('1 arquivo');
  await photoRow.getByRole('button', { name: 'Mostrar 3' }).tap();
  const eachPhoto = photoRow.getByTestId('outbox-group-item');
  await expect(eachPhoto).toHaveCount(3);
  for (const n of [1, 2, 3]) {
    await expect(eachPhoto.nth(n - 1)).toContainText(`Foto da ${os0.codigo}`);
    await expect(eachPhoto.nth(n - 1)).toContainText('aguardando conexão');
  }
  expect((await get<OsDetail>(w.api, `/api/tatico/os/${os0.id}`)).status).toBe('aberta');

  // Signal back: everything is sent by itself.
  const onlineAt = Date.now();
  await context.setOffline(false);
  await expect(panel.getByText('Nada esperando')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('outbox-attention-item')).toHaveCount(0);

  const os = await get<OsDetail>(w.api, `/api/tatico/os/${os0.id}`);
  expect(os.status).toBe('concluida');
  expect(os.selada).toBe(true);
  const count = (tipo: string) => os.historico.filter((h) => h.tipo === tipo).length;
  expect(count('a_caminho')).toBe(1);
  expect(count('check_in')).toBe(1);
  expect(count('km_saida')).toBe(1);
  expect(count('foto_adicionada')).toBe(3);
  expect(count('material_adicionado')).toBe(1);
  expect(count('concluida')).toBe(1);
  expect(os.fotos.filter((f) => f.checklist_item_id === fotos!.id)).toHaveLength(3);
  expect(os.materiais).toEqual([expect.objectContaining({ quantidade: 2 })]);
  expect(os.km.saida).toBe(45_210);
  expect(os.checklist.find((c) => c.item.id === temperatura!.id)?.resposta?.valor_numero).toBe(
    45.5,
  );
  expect(os.assinatura).toMatchObject({ tipo: 'assinada', cliente_nome: 'Marta Ribeiro' });
  // The server stored exactly the PNG the phone kept as a Blob.
  const png = await w.api.get(`/api/tatico/os/${os0.id}/assinatura`);
  expect(png.status()).toBe(200);
  expect(
    createHash('sha256')
      .update(await png.body())
      .digest('hex'),
  ).toBe(signature!.sha256);
  const stock = await get<{ item: { quantidade: number } }>(
    w.api,
    `/api/tatico/inventario/itens/${w.stock.id}`,
  );
  expect(stock.item.quantidade).toBe(8);

  // In the order they were made, at the times they were made on the phone, not at the sync.
  const steps = ['a_caminho', 'km_saida', 'check_in', 'foto_adicionada', 'concluida'];
  const times = steps.map((tipo) => {
    const h = os.historico.find((e) => e.tipo === tipo)!;
    expect(h.device_time, tipo).not.toBeNull();
    return Date.parse(h.device_time!);
  });
  expect([...times].sort((a, b) => a - b)).toEqual(times);
  for (const t of times) {
    expect(t).toBeGreaterThanOrEqual(offlineAt - 1_000);
    expect(t).toBeLessThanOrEqual(doneOfflineBy);
  }
  expect(Date.parse(os.check_in_em!)).toBeLessThan(onlineAt);
  const arrived = os.historico.filter((e) => steps.includes(e.tipo)).map((e) => Date.parse(e.em));
  expect(Math.min(...arrived)).toBeGreaterThanOrEqual(onlineAt - 1_000);
  const started = await get<{ status: string; iniciado_em: string }>(
    w.api,
    `/api/tatico/agenda/${entry.id}`,
  );
  expect(started.status).toBe('em_execucao');
  expect(Date.parse(started.iniciado_em)).toBeLessThan(onlineAt);
});

test('a step queued offline on an OS the office cancelled meanwhile lands in "Precisa de atenção"', async ({
  people,
}) => {
  const w = await world(people);
  const { os } = await osFromEntry(w.api, w, `Troca de disjuntor ${w.tag}`, false);

  const phone = await people.page(w.tecnico, PHONE);
  const context = phone.context();
  await phone.goto('/tatico/agenda');
  await controlledByServiceWorker(phone);
  await phone.goto(`/tatico/agenda/os/${os.id}`);
  await expect(phone.getByTestId('os-codigo')).toHaveText(os.codigo);

  await context.setOffline(true);
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');
  await expect(phone.getByTestId('os-pending-steps')).toContainText(`Check-in na ${os.codigo}`);
  await post(
    w.api,
    `/api/tatico/os/${os.id}/etapas`,
    { acao: 'cancelar', motivo: 'Cliente pediu para remarcar' },
    200,
  );

  await context.setOffline(false);
  const refused = phone.getByTestId('os-attention-step');
  await expect(refused).toContainText(`Check-in na ${os.codigo}`, { timeout: 30_000 });
  await expect(refused).toContainText('Precisa de atenção (1)');
  await expect(refused).toContainText('cancelada');
  await expect(refused).toContainText('A OS mudou enquanto você estava sem conexão');
  await expect(phone.getByTestId('os-status')).toHaveText('Cancelada');
  await phone.getByRole('button', { name: 'Pendentes (1)' }).tap();
  await expect(phone.getByRole('dialog').getByTestId('outbox-attention-item')).toContainText(
    `Check-in na ${os.codigo}`,
  );
  const stored = await get<OsDetail>(w.api, `/api/tatico/os/${os.id}`);
  expect(stored.historico.filter((h) => h.tipo === 'check_in')).toHaveLength(0);
});

test('a helper added and one removed offline show as pending on the team tab and reach the server once', async ({
  people,
}) => {
  const w = await world(people);
  const helper = await people.person('Equipe', { contracts: [w.contract.id] });
  const joiner = await people.person('Equipe', { contracts: [w.contract.id] });
  const entry = await post<{ id: number }>(w.api, '/api/tatico/agenda', {
    inicio: new Date(Date.now() - 20 * 60_000).toISOString(),
    fim: new Date(Date.now() + 3 * 3600_000).toISOString(),
    local: `Casa de máquinas ${w.tag}`,
    contract_id: w.contract.id,
    pessoas: [w.tecnico.id, helper.id],
    descricao: `Revisão de bomba ${w.tag}`,
    confirmar_conflitos: true,
  });
  const os = await post<{ id: number; codigo: string }>(w.api, '/api/tatico/os/da-agenda', {
    agenda_entry_id: entry.id,
    service_type_id: w.tipo.id,
  });

  const phone = await people.page(w.tecnico, PHONE);
  const context = phone.context();
  await phone.goto('/tatico/agenda');
  await controlledByServiceWorker(phone);
  await phone.goto(`/tatico/agenda/os/${os.id}`);
  await phone.getByRole('tab', { name: 'Equipe' }).tap();
  const members = phone.getByTestId('os-team-member');
  await expect(members).toHaveCount(2);
  const picker = phone.getByRole('combobox', { name: 'Adicionar ajudante' });
  await picker.tap();
  await expect(phone.getByRole('option', { name: joiner.nome })).toBeVisible();
  await phone.keyboard.press('Escape');

  await context.setOffline(true);
  await expect(phone.getByTestId('offline-bar')).toContainText('Sem conexão');
  await phone.getByRole('button', { name: `Remover ${helper.nome} da equipe` }).tap();
  const gone = members.filter({ hasText: helper.nome });
  await expect(gone).toContainText('saiu');
  await expect(gone).toContainText('aguardando conexão');
  await picker.tap();
  await phone.getByRole('option', { name: joiner.nome }).tap();
  await phone.getByRole('button', { name: 'Adicionar' }).tap();
  const joined = members.filter({ hasText: joiner.nome });
  await expect(joined).toContainText('aguardando conexão');
  await expect(members.filter({ hasText: w.tecnico.nome })).not.toContainText('aguardando conexão');
  await expect(phone.getByRole('button', { name: 'Pendentes (2)' })).toBeVisible();

  await context.setOffline(false);
  await expect(phone.getByTestId('offline-bar')).toHaveCount(0, { timeout: 30_000 });
  await expect(joined).not.toContainText('aguardando conexão');
  const stored = await get<{
    equipe: { pessoa: { id: number }; saiu_em: string | null }[];
    historico: { tipo: string }[];
  }>(w.api, `/api/tatico/os/${os.id}`);
  const stints = (id: number) => stored.equipe.filter((m) => m.pessoa.id === id);
  expect(stints(joiner.id)).toEqual([expect.objectContaining({ saiu_em: null })]);
  expect(stints(helper.id)).toHaveLength(1);
  expect(stints(helper.id)[0]!.saiu_em).not.toBeNull();
});
