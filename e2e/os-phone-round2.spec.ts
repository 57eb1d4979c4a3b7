import type { Page } from '@playwright/test';

import { expect, get, post, test, type People } from './support/people.ts';
import { dayFromToday } from './support/work.ts';
import { phoneAt } from './support/devices.ts';

// Issue 30, what was left of point 10 and seen after it, on a 390 px touch phone: several
// photos chosen from the gallery in one pick, each stored once even when the answer of one is
// lost on the way; a checklist date typed key by key is stored only whole; cancelled entries
// of "Minha agenda" behind "Mostrar canceladas" (remembered on the phone); a cancelled OS
// offers no PDF; "Abrir OS-… · Aberta" is not cut. People, contract and OSs are this spec's.

const SITE = { latitude: -23.5613, longitude: -46.6565 };
const PHONE = phoneAt(SITE, 10);

interface OsDetail {
  id: number;
  codigo: string;
  historico: { tipo: string }[];
  checklist: { item: { id: number }; resposta: { valor_data: string | null } | null }[];
  fotos: { checklist_item_id: number | null; legenda: string | null; tag: string }[];
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

async function world(people: People) {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const tipo = await post<{ id: number; itens: { id: number }[] }>(api, '/api/tatico/os/tipos', {
    nome: `Limpeza de caixa d'água ${tag}`,
    itens: [
      { titulo: 'Próxima limpeza', tipo: 'data', obrigatorio: true },
      { titulo: 'Fotos da caixa', tipo: 'foto', obrigatorio: true, fotos_minimas: 3 },
    ],
  });
  const newOs = (local: string) => {
    const start = Date.now() - 10 * 60_000;
    return post<{ id: number; codigo: string }>(api, '/api/tatico/os', {
      contract_id: contract.id,
      local: `${local} ${tag}`,
      ...SITE,
      pessoas: [tecnico.id],
      service_type_id: tipo.id,
      previsto_inicio: new Date(start).toISOString(),
      previsto_fim: new Date(start + 2 * 3600_000).toISOString(),
    });
  };
  return { contract, coord, tecnico, tag, api, tipo, newOs };
}

test('three photos from the gallery in one pick are stored once each; a typed date only whole', async ({
  people,
}) => {
  test.setTimeout(150_000);
  const w = await world(people);
  const [data, fotos] = w.tipo.itens;
  const os0 = await w.newOs('Caixa d’água do bloco B');
  const phone = await people.page(w.tecnico, PHONE);

  // Every answer the phone sends for the date item, as it left the phone.
  const sentDates: unknown[] = [];
  phone.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith(`/os/${os0.id}/checklist/${data!.id}`)) {
      sentDates.push((r.postDataJSON() as { valor_data: unknown }).valor_data);
    }
  });
  // The answer to the second photo is lost on the way (the server has it, the phone does not
  // hear back): the outbox sends it again with its key and the server stores it once.
  let photoPosts = 0;
  await phone.route(`**/api/tatico/os/${os0.id}/fotos`, async (route) => {
    photoPosts += 1;
    if (photoPosts !== 2) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });

  await phone.goto(`/tatico/agenda/os/${os0.id}`);
  await expect(phone.getByTestId('os-codigo')).toHaveText(os0.codigo);
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');
  const item = (id: number) => phone.locator(`[data-testid="checklist-item"][data-item="${id}"]`);

  // The date, key by key with a slow thumb (past the autosave delay between keys): "10/12/20"
  // is already 10/12/2020 and must never be sent.
  const date = item(data!.id).getByRole('textbox', { name: 'Próxima limpeza' });
  await date.tap();
  await date.pressSequentially('10/12/2026', { delay: 900 });
  await item(data!.id).getByText('Próxima limpeza').first().tap();
  await expect(item(data!.id).getByText('Feito')).toBeVisible();
  await expect
    .poll(async () => {
      const os = await get<OsDetail>(w.api, `/api/tatico/os/${os0.id}`);
      return os.checklist.find((c) => c.item.id === data!.id)?.resposta?.valor_data;
    })
    .toBe('2026-12-10');
  expect(sentDates).toEqual(['2026-12-10']);
  await expect(phone.locator('.mantine-Notification-root')).toHaveCount(0);

  // Three photos chosen in the gallery at once; the camera stays as it was.
  const slot = item(fotos!.id);
  await expect(slot.getByTestId('photo-input')).toHaveAttribute('capture', 'environment');
  await slot.getByTestId('photo-gallery-input').setInputFiles(
    await Promise.all(
      [1, 2, 3].map(async (n) => ({
        name: `IMG_2026112${n}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await cameraJpeg(phone, n),
      })),
    ),
  );
  await expect(slot.getByText('3 fotos escolhidas')).toBeVisible();
  const legenda = slot.getByRole('textbox', { name: 'Legenda da foto 3' });
  await legenda.tap();
  await legenda.pressSequentially('Tampa vedada');
  await slot.getByRole('button', { name: 'Enviar 3 fotos' }).tap();
  await expect(slot.getByText('3 de 3 fotos mínimas')).toBeVisible();
  await expect(phone.getByTestId('missing-items')).toHaveCount(0);

  // Each photo reached the server once: the lost answer was sent again and not stored twice.
  await expect
    .poll(
      async () => {
        const os = await get<OsDetail>(w.api, `/api/tatico/os/${os0.id}`);
        return os.fotos.filter((f) => f.checklist_item_id === fotos!.id).length;
      },
      { timeout: 60_000 },
    )
    .toBe(3);
  await expect(phone.getByRole('button', { name: /Pendentes \(\d+\)/ })).toHaveCount(0, {
    timeout: 30_000,
  });
  expect(photoPosts).toBeGreaterThanOrEqual(4);
  const os = await get<OsDetail>(w.api, `/api/tatico/os/${os0.id}`);
  expect(os.fotos).toHaveLength(3);
  expect(os.historico.filter((h) => h.tipo === 'foto_adicionada')).toHaveLength(3);
  expect(os.fotos.map((f) => f.legenda).sort()).toEqual([null, null, 'Tampa vedada'].sort());
});

test('cancelled entries hide behind "Mostrar canceladas", remembered; a cancelled OS has no PDF', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const w = await world(people);
  const today = dayFromToday(0);
  const newEntry = (descricao: string, from: string, to: string) =>
    post<{ id: number }>(w.api, '/api/tatico/agenda', {
      inicio: `${today}T${from}:00-03:00`,
      fim: `${today}T${to}:00-03:00`,
      local: `Estação ${w.tag}`,
      contract_id: w.contract.id,
      pessoas: [w.tecnico.id],
      descricao,
      confirmar_conflitos: true,
    });
  const kept = await newEntry(`Troca de boia ${w.tag}`, '00:01', '11:59');
  const gone = await newEntry(`Vistoria do reservatório ${w.tag}`, '12:00', '23:59');
  await post(w.api, `/api/tatico/agenda/${gone.id}/status`, { status: 'cancelado' }, 200);
  const withOs = await post<{ id: number; codigo: string }>(w.api, '/api/tatico/os/da-agenda', {
    agenda_entry_id: kept.id,
    service_type_id: w.tipo.id,
  });

  const phone = await people.page(w.tecnico, PHONE);
  await phone.goto('/tatico/agenda');
  const cards = phone.getByTestId('minha-agenda-entry');
  await expect(cards.filter({ hasText: `Troca de boia ${w.tag}` })).toBeVisible();
  await expect(cards).toHaveCount(1);
  const toggle = phone.getByRole('switch', { name: 'Mostrar canceladas (1)' });
  await expect(toggle).not.toBeChecked();
  await toggle.tap();
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: `Vistoria do reservatório ${w.tag}` })).toContainText(
    'Cancelado',
  );
  // Remembered on the phone: still shown after the app is opened again.
  await phone.reload();
  await expect(cards).toHaveCount(2);
  await expect(phone.getByRole('switch', { name: 'Mostrar canceladas (1)' })).toBeChecked();
  await phone.getByRole('switch', { name: 'Mostrar canceladas (1)' }).tap();
  await expect(cards).toHaveCount(1);

  // "Abrir OS-… · Aberta" fits the card on a 390 px phone: nothing of its label is cut.
  const open = cards.getByTestId('minha-agenda-os');
  await expect(open).toContainText(`Abrir ${withOs.codigo} · Aberta`);
  const label = open.locator('.mantine-Button-label');
  const fits = await label.evaluate((el) => ({
    x: el.scrollWidth <= el.clientWidth + 1,
    y: el.scrollHeight <= el.clientHeight + 1,
  }));
  expect(fits).toEqual({ x: true, y: true });
  const [btn, card] = [await open.boundingBox(), await cards.first().boundingBox()];
  expect(btn!.x + btn!.width).toBeLessThanOrEqual(card!.x + card!.width);
  expect(btn!.height).toBeGreaterThanOrEqual(44);

  // A cancelled OS: no "Baixar PDF", and the card says why, with the reason.
  await post(
    w.api,
    `/api/tatico/os/${withOs.id}/etapas`,
    { acao: 'cancelar', motivo: 'Cliente sem acesso ao local' },
    200,
  );
  await phone.goto(`/tatico/agenda/os/${withOs.id}`);
  // The week's prefetch kept the OS as it was; the page shows the server's once it has read it.
  await expect
    .poll(
      async () => {
        await phone.reload();
        return phone.getByTestId('os-status').textContent();
      },
      { timeout: 30_000 },
    )
    .toBe('Cancelada');
  const report = phone.getByTestId('os-report');
  await expect(report).toContainText('OS cancelada — sem relatório');
  await expect(report).toContainText('Motivo: Cliente sem acesso ao local');
  await expect(phone.getByRole('link', { name: 'Baixar PDF' })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: 'Enviar ao cliente' })).toHaveCount(0);
});

test('text fields show the server limit while typing and stop at it (agenda entry, inventory)', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const page = await people.page(coord, PHONE);

  // Novo agendamento: the description (1.000, a text area) counts from the start; the place
  // (200, one line) from near its limit, and neither takes a character past it.
  await page.goto('/tatico/agenda');
  await page.getByRole('button', { name: 'Novo agendamento' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
  const descricao = dialog.getByRole('textbox', { name: 'Descrição' });
  const wrapper = (el: typeof descricao) =>
    el.locator('xpath=ancestor::div[contains(@class, "mantine-InputWrapper-root")][1]');
  await expect(wrapper(descricao).getByTestId('text-count')).toHaveText('0 de 1.000 caracteres');
  await descricao.tap();
  await descricao.pressSequentially('Troca do disjuntor');
  await expect(wrapper(descricao).getByTestId('text-count')).toHaveText('18 de 1.000 caracteres');
  const local = dialog.getByRole('textbox', { name: 'Local' });
  await local.tap();
  await local.fill('Rua '.repeat(48)); // 192 characters
  await expect(wrapper(local).getByTestId('text-count')).toHaveText('192 de 200 caracteres');
  await local.press('End');
  await local.pressSequentially('Bloco B, sala 12');
  await expect(local).toHaveValue(`${'Rua '.repeat(48)}Bloco B,`);
  await expect(wrapper(local).getByTestId('text-count')).toHaveText(
    '200 de 200 caracteres — limite atingido',
  );
  await page.keyboard.press('Escape');

  // Novo item do inventário (react-hook-form): the name stops at the domain schema's limit.
  await page.goto('/tatico/frota?aba=inventario');
  await page.getByRole('button', { name: 'Novo item' }).tap();
  const item = page.getByRole('dialog', { name: 'Novo item do inventário' });
  const nome = item.getByRole('textbox', { name: 'Nome' });
  await nome.tap();
  await nome.fill('x'.repeat(150));
  await nome.pressSequentially('Furadeira de impacto');
  const max = Number(await nome.getAttribute('maxlength'));
  expect(max).toBeGreaterThan(100);
  await expect(nome).toHaveValue(('x'.repeat(150) + 'Furadeira de impacto').slice(0, max));
  await expect(wrapper(nome).getByTestId('text-count')).toContainText(
    `${max.toLocaleString('pt-BR')} de ${max.toLocaleString('pt-BR')} caracteres`,
  );
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});
