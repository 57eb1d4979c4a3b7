import writeXlsxFile from 'write-excel-file/node';

import { ASSET_IMPORT_COLUMNS } from '../packages/domain/src/assets.ts';
import { expect, get, post, test } from './support/people.ts';
import { DESKTOP, PHONE, screenshotThemes } from './support/devices.ts';

// Issue 34, assets: the office imports a hospital's equipment from a spreadsheet at 1440 px (a
// file with bad rows is refused whole, with line and reason), and a technician reads an asset
// of their contract on a phone, read-only.

// Screenshots outside PW_OUTPUT, which Playwright empties at every run.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

type Row = Partial<Record<(typeof ASSET_IMPORT_COLUMNS)[number], string | number>>;
async function sheet(rows: Row[]): Promise<Buffer> {
  const header = ASSET_IMPORT_COLUMNS.map((value) => ({ value }));
  const data = rows.map((r) =>
    ASSET_IMPORT_COLUMNS.map((c) => (r[c] === undefined ? null : { value: r[c] })),
  );
  return writeXlsxFile([header, ...data]).toBuffer();
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface AssetList {
  total: number;
  items: Array<{ tag: string; sala: string | null; dados: Record<string, unknown> }>;
}

// One flow; the themes only change the pictures (screenshotThemes), not the flow.
test(`coordenador imports assets from XLSX at 1440 px (light and dark)`, async ({ people }) => {
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const api = await people.api(coord);
  const page = await people.page(coord, DESKTOP);
  await page.goto('/tatico/agenda?aba=ativos');
  await expect(page.getByRole('tab', { name: 'Ativos', selected: true })).toBeVisible();
  await expect(page.getByText('Nenhum ativo encontrado')).toBeVisible();

  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar ativos de planilha' });
  const download = page.waitForEvent('download');
  await dialog.getByText('Baixar modelo (.xlsx)').click();
  expect((await download).suggestedFilename()).toBe('modelo-importacao-ativos.xlsx');

  await dialog.getByRole('combobox', { name: 'Contrato' }).click();
  await page.getByRole('option', { name: new RegExp(contract.codigo) }).click();
  const file = dialog.locator('input[type="file"]');
  await file.setInputFiles({
    name: 'ativos-com-erro.xlsx',
    mimeType: XLSX,
    buffer: await sheet([
      {
        'Tag*': 'AC-101',
        'Tipo*': 'Ar-condicionado split',
        Capacidade: '12.000',
        'Unidade da capacidade': 'BTU/h',
      },
      { 'Tag*': 'AC-102', 'Tipo*': 'Ar condicionado janela' },
      { 'Tag*': 'ac-101', 'Tipo*': 'Ar-condicionado split' },
    ]),
  });
  await dialog.getByRole('button', { name: 'Importar' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('A planilha tem 2 linhas com problema; nada foi importado.');
  const rows = alert.getByRole('table', { name: 'Linhas com problema' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('3');
  await expect(rows.nth(1)).toContainText(
    'Tipo "Ar condicionado janela" não está no catálogo de tipos.',
  );
  await expect(rows.nth(2)).toContainText('Tag AC-101 repetida (já na linha 2).');
  await screenshotThemes(page, (theme) => `${SHOTS}/assets-import-refused-1440-${theme}.png`);
  const none = await get<AssetList>(api, `/api/tatico/ativos?contract_id=${contract.id}`);
  expect(none.total).toBe(0);

  await file.setInputFiles({
    name: 'ativos.xlsx',
    mimeType: XLSX,
    buffer: await sheet([
      {
        'Tag*': 'AC-101',
        'Tipo*': 'Ar-condicionado split',
        Prédio: 'Bloco A',
        Andar: '1º andar',
        Sala: 'Recepção',
        Capacidade: '12.000',
        'Unidade da capacidade': 'BTU/h',
        Instalação: '15/03/2024',
      },
      {
        'Tag*': 'EXT-01',
        'Tipo*': 'Extintor',
        Sala: 'Corredor',
        'Carga (kg)': '4,5',
        'Agente extintor': 'CO₂',
      },
    ]),
  });
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('2 ativos importados.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('asset-row')).toHaveCount(2);
  await expect(page.getByTestId('asset-row').first()).toContainText('12.000 BTU/h');
  const stored = await get<AssetList>(api, `/api/tatico/ativos?contract_id=${contract.id}`);
  expect(stored.items.map((a) => [a.tag, a.sala, a.dados])).toEqual([
    ['AC-101', 'Recepção', { capacidade: 12000, unidade_capacidade: 'BTU/h' }],
    ['EXT-01', 'Corredor', { carga_kg: 4.5, agente: 'co2' }],
  ]);
  await screenshotThemes(page, (theme) => `${SHOTS}/assets-list-1440-${theme}.png`);
});

test(`equipe reads an asset of its contract on a phone (light and dark)`, async ({ people }) => {
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(coord);
  const types = await get<{ items: Array<{ id: number; nome: string }> }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const split = types.items.find((t) => t.nome === 'Ar-condicionado split')!;
  await post(api, '/api/tatico/ativos', {
    contract_id: contract.id,
    type_id: split.id,
    tag: 'AC-CC-01',
    predio: 'Bloco A',
    andar: '2º andar',
    sala: 'Centro cirúrgico — sala 1',
    fabricante: 'Springer Carrier',
    numero_serie: 'SPC/24-0098',
    garantia_ate: '2027-08-01',
    dados: { capacidade: 24000, unidade_capacidade: 'BTU/h' },
  });
  await post(api, '/api/tatico/ativos', {
    contract_id: contract.id,
    type_id: split.id,
    tag: 'AC-REC-01',
    sala: 'Recepção',
  });

  const page = await people.page(equipe, PHONE);
  await page.goto('/tatico/agenda');
  await page.getByRole('tab', { name: 'Ativos' }).tap();
  await expect(page.getByRole('button', { name: 'Novo ativo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Importar' })).toHaveCount(0);
  const search = page.getByRole('textbox', { name: 'Buscar ativos' });
  await search.tap();
  await search.pressSequentially('cirúrgico', { delay: 40 });
  await expect(page).toHaveURL(/busca=cir%C3%BArgico/);
  const card = page.getByRole('button', { name: 'Ativo AC-CC-01' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ativo AC-REC-01' })).toHaveCount(0);
  await screenshotThemes(page, (theme) => `${SHOTS}/assets-phone-list-390-${theme}.png`);
  await card.tap();
  const drawer = page.getByRole('dialog', { name: 'Ativo AC-CC-01' });
  await expect(drawer).toContainText('Centro cirúrgico — sala 1');
  await expect(drawer).toContainText('24.000');
  await expect(drawer).toContainText('SPC/24-0098');
  await expect(drawer).toContainText('01/08/2027');
  await expect(drawer.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await screenshotThemes(page, (theme) => `${SHOTS}/assets-phone-drawer-390-${theme}.png`);
  // The server refuses the write the screen does not offer.
  const refused = await page.request.post('/api/tatico/ativos', {
    headers: { 'x-requested-with': 'eproto' },
    data: { contract_id: contract.id, type_id: split.id, tag: 'AC-X' },
  });
  expect(refused.status()).toBe(403);
});
