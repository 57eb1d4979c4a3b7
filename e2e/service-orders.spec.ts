import type { Page } from '@playwright/test';

import { expect, get, post, test } from './support/people.ts';
import { dayFromToday } from './support/work.ts';
import { DESKTOP, phoneAt } from './support/devices.ts';
import { fillConclusionSignature } from './support/signature.ts';

// A whole service order run with taps on a touch phone by a technician of this spec (on the
// way, check-in with GPS, checklist with a required photo, a material, the customer's finger
// signature, conclusion), watched live by the coordinator in a second browser, who downloads
// the PDF; the public verification page then says authentic. What was stored is read back
// through the API. People, contract, template, stock and agenda entry are this spec's own.

const SITE = { latitude: -23.5613, longitude: -46.6565 };
const PHONE = phoneAt(SITE, 12);

/** A real JPEG (a camera-like 1200x900 picture) drawn by the browser. */
async function cameraJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 1200;
    c.height = 900;
    const ctx = c.getContext('2d')!;
    const g = ctx.createLinearGradient(0, 0, 1200, 900);
    g.addColorStop(0, '#3b6ea5');
    g.addColorStop(1, '#c9d6df');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 1200, 900);
    ctx.fillStyle = '#f4f4f4';
    ctx.fillRect(300, 250, 600, 380);
    return c.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

interface OsDetail {
  id: number;
  codigo: string;
  status: string;
  selada: boolean;
  historico: {
    tipo: string;
    latitude: number | null;
    longitude: number | null;
    distancia_m: number | null;
  }[];
  checklist: {
    item: { id: number; titulo: string };
    resposta: { valor_sim_nao: string | null; valor_numero: number | null } | null;
    fotos: number;
  }[];
  fotos: {
    checklist_item_id: number | null;
    latitude: number | null;
    longitude: number | null;
    tirada_em: string | null;
    tag: string | null;
    mime_type: string;
  }[];
  materiais: { item: { id: number }; quantidade: number }[];
  assinatura: { tipo: string; cliente_nome: string | null; cliente_cpf: string | null } | null;
  selo: { sha256: string; verificacao_path: string } | null;
}

test('a technician runs a whole OS on a touch phone; the coordinator sees it concluded live, gets the PDF, and it verifies', async ({
  people,
  browser,
}) => {
  test.setTimeout(150_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);

  const tipo = await post<{ id: number; itens: { id: number; titulo: string }[] }>(
    api,
    '/api/tatico/os/tipos',
    {
      nome: `Preventiva de ar-condicionado ${tag}`,
      itens: [
        { titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: true },
        {
          titulo: 'Temperatura de insuflamento',
          tipo: 'numero',
          obrigatorio: true,
          unidade: '°C',
          minimo: 5,
          maximo: 30,
        },
        { titulo: 'Foto do equipamento', tipo: 'foto', obrigatorio: true, fotos_minimas: 1 },
      ],
    },
  );
  const [filtro, temperatura, foto] = tipo.itens;
  const item = await post<{ item: { id: number; quantidade: number } }>(
    api,
    '/api/tatico/inventario/itens',
    {
      natureza: 'consumivel',
      codigo: `FG4-${tag}`.toUpperCase().replace(/[^A-Z0-9-]/g, ''),
      nome: `Filtro G4 ${tag}`,
      categoria: 'Climatização',
      localizacao: 'Almoxarifado',
      unidade: 'un',
      quantidade_inicial: 10,
    },
  );
  const today = dayFromToday(0);
  const entry = await post<{ id: number }>(api, '/api/tatico/agenda', {
    inicio: new Date(Date.now() - 30 * 60_000).toISOString(),
    fim: new Date(Date.now() + 3 * 3600_000).toISOString(),
    local: `Shopping Norte, casa de máquinas ${tag}`,
    ...SITE,
    contract_id: contract.id,
    pessoas: [tecnico.id],
    descricao: 'Preventiva mensal das evaporadoras',
    confirmar_conflitos: true,
  });

  // The coordinator makes the OS from the agenda entry with one click.
  const office = await people.page(coord, DESKTOP);
  const os0 = await post<{ id: number; codigo: string }>(api, '/api/tatico/os/da-agenda', {
    agenda_entry_id: entry.id,
    service_type_id: tipo.id,
  });
  await office.goto(`/tatico/agenda/os/${os0.id}`);
  await expect(office.getByTestId('os-status')).toHaveText('Aberta');

  // The technician opens it from "Minha agenda" on the phone.
  const phone = await people.page(tecnico, PHONE);
  await phone.goto('/tatico/agenda');
  await phone.getByTestId('minha-agenda-os').filter({ hasText: os0.codigo }).tap();
  await expect(phone.getByTestId('os-codigo')).toHaveText(os0.codigo);

  await phone.getByRole('button', { name: 'Estou a caminho' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em deslocamento');
  await expect(office.getByTestId('os-status')).toHaveText('Em deslocamento');
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');
  // the coordinator's page follows without a reload
  await expect(office.getByTestId('os-status')).toHaveText('Em execução');

  const card = (id: number) => phone.locator(`[data-testid="checklist-item"][data-item="${id}"]`);
  await card(filtro!.id).getByRole('radio', { name: 'Sim' }).tap();
  const temp = card(temperatura!.id).getByRole('textbox');
  await temp.tap();
  await temp.pressSequentially('22,5', { delay: 20 });
  await card(foto!.id)
    .getByTestId('photo-input')
    .setInputFiles({
      name: 'IMG_20261126_101500.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraJpeg(phone),
    });
  await expect(card(foto!.id).getByText(/Sem GPS/)).toHaveCount(0);
  await card(foto!.id).getByRole('button', { name: 'Enviar foto' }).tap();
  await expect(card(foto!.id).getByText('1 de 1 foto mínima')).toBeVisible();
  await expect(phone.getByTestId('missing-items')).toHaveCount(0);

  await phone.getByRole('tab', { name: /Materiais/ }).tap();
  await phone.getByRole('combobox', { name: 'Material ou ferramenta', exact: true }).tap();
  await phone.getByRole('option', { name: new RegExp(`Filtro G4 ${tag}`) }).tap();
  const qty = phone.getByRole('textbox', { name: /Quantidade/ });
  await qty.tap();
  await qty.fill('');
  await qty.pressSequentially('2');
  await phone.getByRole('button', { name: 'Registrar material' }).tap();
  await expect(phone.getByTestId('os-material')).toHaveCount(1);

  await phone.getByRole('button', { name: 'Concluir' }).tap();
  const dialog = phone.getByRole('dialog', { name: `Concluir ${os0.codigo}` });
  await expect(dialog).toBeVisible();
  await fillConclusionSignature(phone, dialog);
  await dialog.getByRole('radio', { name: '5 de 5' }).tap();
  await dialog.getByRole('button', { name: 'Registrar assinatura' }).tap();
  await expect(dialog).toBeHidden();
  await expect(phone.getByTestId('os-status')).toHaveText('Concluída');

  // Live on the coordinator's screen, then the PDF.
  await expect(office.getByTestId('os-status')).toHaveText('Concluída');
  const [download] = await Promise.all([
    office.waitForEvent('download'),
    office.getByRole('link', { name: 'Baixar PDF' }).click(),
  ]);
  const pdf = await download.createReadStream().then(
    (s) =>
      new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        s.on('data', (c: Buffer) => parts.push(c));
        s.on('end', () => resolve(Buffer.concat(parts)));
        s.on('error', reject);
      }),
  );
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // What was stored.
  const os = await get<OsDetail>(api, `/api/tatico/os/${os0.id}`);
  expect(os.status).toBe('concluida');
  expect(os.selada).toBe(true);
  const checkIn = os.historico.find((h) => h.tipo === 'check_in');
  expect(checkIn).toMatchObject({ latitude: SITE.latitude, longitude: SITE.longitude });
  expect(checkIn!.distancia_m).toBeLessThan(5);
  expect(os.historico.some((h) => h.tipo === 'a_caminho')).toBe(true);
  const answer = (id: number) => os.checklist.find((c) => c.item.id === id)?.resposta;
  expect(answer(filtro!.id)?.valor_sim_nao).toBe('sim');
  expect(answer(temperatura!.id)?.valor_numero).toBe(22.5);
  expect(os.fotos).toHaveLength(1);
  expect(os.fotos[0]).toMatchObject({
    checklist_item_id: foto!.id,
    latitude: SITE.latitude,
    longitude: SITE.longitude,
    mime_type: 'image/jpeg',
  });
  // Taken today in São Paulo: its UTC date is tomorrow's after 21:00 there.
  const takenOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(os.fotos[0]!.tirada_em!),
  );
  expect(takenOn).toBe(today);
  expect(os.materiais).toEqual([expect.objectContaining({ quantidade: 2 })]);
  expect(os.assinatura).toMatchObject({
    tipo: 'assinada',
    cliente_nome: 'Marta Ribeiro',
    cliente_cpf: '529.982.247-25',
  });
  const stock = await get<{ item: { quantidade: number } }>(
    api,
    `/api/tatico/inventario/itens/${item.item.id}`,
  );
  expect(stock.item.quantidade).toBe(8);

  // The public page, without a session.
  const visitor = await browser.newContext({ locale: 'pt-BR' });
  const check = await visitor.newPage();
  await check.goto(os.selo!.verificacao_path);
  await expect(check.getByTestId('verify-result')).toContainText('Autêntico');
  await visitor.close();
});
