import { readFile } from 'node:fs/promises';

import * as mupdf from 'mupdf';

import { expect, get, post, test } from './support/people.ts';
import { DESKTOP, PHONE, screenshotThemes, shot, useTheme } from './support/devices.ts';
import { fillPlanForm } from './support/plan-form.ts';

// Issue 34, maintenance plans in the app: the office creates a plan at 1440 px typing as a
// Brazilian would (what was stored is read back), downloads the contract's PMOC and opens its
// public verification page; a technician reads the plans on a phone and cannot change them.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

interface Plan {
  id: number;
  tipo_ativo: { id: number } | null;
  servico: { id: number };
  periodicidade: string;
  intervalo_dias: number | null;
  inicio: string;
  duracao_min: number;
  ativo: boolean;
}

/** The text of every page of a PDF, as a reader would copy it. */
function pdfText(pdf: Buffer): string {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const out: string[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    out.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
  }
  return out.join('\n').replace(/\s+/g, ' ');
}

// One flow; the themes only change the pictures (screenshotThemes), not the flow.
test(`coordenador creates a plan and downloads the PMOC at 1440 px (light and dark)`, async ({
  people,
  browser,
}) => {
  // The flow once, with four pictures taken twice (light and dark): 60 s was too short on a
  // loaded machine.
  test.setTimeout(120_000);
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const api = await people.api(coord);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const split = types.items.find((x) => x.nome === 'Ar-condicionado split')!;
  await post(api, '/api/tatico/ativos', {
    contract_id: contract.id,
    type_id: split.id,
    tag: `AC-${people.tag()}`.toUpperCase(),
    predio: 'Bloco C',
    andar: '3º andar',
    dados: { capacidade: 12000, unidade_capacidade: 'BTU/h' },
  });
  const checklist = await post<{ id: number; nome: string }>(api, '/api/tatico/os/tipos', {
    nome: `Preventiva de split ${people.tag()}`,
    itens: [{ titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: true }],
  });

  const page = await people.page(coord, DESKTOP);
  await page.goto('/tatico/agenda?aba=ativos');
  await page.getByText('Planos', { exact: true }).click();
  await expect(page).toHaveURL(/vista=planos/);
  await page.getByRole('combobox', { name: 'Contrato' }).click();
  await page.getByRole('option', { name: new RegExp(contract.codigo) }).click();
  await expect(page.getByText('Nenhum plano neste contrato')).toBeVisible();

  // The PMOC's responsible technician, typed.
  await page.getByRole('button', { name: 'Configurar' }).click();
  const config = page.getByRole('dialog', { name: 'Preventiva e PMOC do contrato' });
  await config.getByLabel('Responsável técnico').pressSequentially('Eng. Ana Lima', {
    delay: 20,
  });
  await config.getByLabel('Registro CREA/CFT').pressSequentially('CREA-SP 5069999', {
    delay: 20,
  });
  await config.getByRole('button', { name: 'Salvar' }).click();
  await expect(config).toBeHidden();
  await expect(page.getByTestId('preventive-settings')).toContainText(
    'Eng. Ana Lima · CREA-SP 5069999',
  );

  await page.getByRole('button', { name: 'Novo plano' }).click();
  const form = page.getByRole('dialog', { name: 'Novo plano de manutenção' });
  await fillPlanForm(page, 'desktop', form, {
    tipo: { option: 'Ar-condicionado split' },
    checklist: checklist.nome,
    periodicidade: 'A cada N dias',
    intervalo: '45',
    primeira: '05/03/2027',
    duracao: '90',
  });
  await screenshotThemes(page, (theme) => `${SHOTS}/plans-form-1440-${theme}.png`);
  await form.getByRole('button', { name: 'Criar plano' }).click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('plan-row').filter({ hasText: 'Todos: Ar-condicionado split' });
  await expect(row).toContainText('A cada 45 dias');
  await expect(row).toContainText('05/03/2027');
  await expect(row).toContainText('Ligado');

  // What was stored, read back through the API.
  const stored = await get<{ items: Plan[] }>(
    api,
    `/api/tatico/ativos/planos?contract_id=${contract.id}`,
  );
  expect(stored.items).toHaveLength(1);
  const plan = stored.items[0]!;
  expect(plan).toMatchObject({
    tipo_ativo: { id: split.id },
    servico: { id: checklist.id },
    periodicidade: 'dias',
    intervalo_dias: 45,
    inicio: '2027-03-05',
    duracao_min: 90,
    ativo: true,
  });
  await screenshotThemes(page, (theme) => `${SHOTS}/plans-list-1440-${theme}.png`, {
    fullPage: true,
  });

  // Switched off from the list, and stored so.
  // The switch's track takes the click (its input sits under it, as in every Mantine switch).
  await expect(row.getByRole('switch')).toBeChecked();
  await row.locator('.mantine-Switch-track').click();
  await expect(row).toContainText('Desligado');
  const off = await get<{ items: Plan[] }>(
    api,
    `/api/tatico/ativos/planos?contract_id=${contract.id}`,
  );
  expect(off.items[0]!.ativo).toBe(false);

  // The PMOC of this year, sealed, and its public verification page without a session.
  await page.getByRole('button', { name: 'PMOC' }).click();
  const pmoc = page.getByRole('dialog', { name: 'PMOC do contrato' });
  await expect(pmoc.getByRole('textbox', { name: 'Ano' })).toHaveValue(
    String(new Date().getFullYear()),
  );
  const download = page.waitForEvent('download');
  await pmoc.getByRole('link', { name: 'Baixar PMOC' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`pmoc-${contract.codigo}-${new Date().getFullYear()}.pdf`);
  const text = pdfText(await readFile(await file.path()));
  expect(text).toContain('Eng. Ana Lima');
  expect(text).toContain('CREA-SP 5069999');
  const hash = /SHA-256 do conteúdo: ([0-9a-f]{64})/.exec(text)![1]!;
  const url = /Verifique em: (\S+)/.exec(text)![1]!;
  expect(url).toMatch(/\/pmoc\/verificar\/[0-9a-f-]{36}$/);

  const stranger = await browser.newContext(DESKTOP);
  const publicPage = await stranger.newPage();
  await publicPage.goto(new URL(url).pathname);
  const result = publicPage.getByTestId('pmoc-verify');
  await expect(result).toContainText('PMOC emitido pelo E-Proto');
  await expect(result).toContainText(contract.codigo);
  await expect(result).toContainText(String(new Date().getFullYear()));
  await expect(result).toContainText(hash);
  await expect(publicPage.getByRole('navigation')).toHaveCount(0);
  await screenshotThemes(publicPage, (theme) => `${SHOTS}/pmoc-verify-1440-${theme}.png`);
  await publicPage.goto('/pmoc/verificar/00000000-0000-4000-8000-000000000000');
  await expect(publicPage.getByTestId('pmoc-verify')).toContainText(
    'PMOC não encontrado: nenhum documento emitido com este código.',
  );
  await stranger.close();
});

test(`equipe reads the plans on a phone, without changing them (light and dark)`, async ({
  people,
  browser,
}) => {
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(coord);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const split = types.items.find((x) => x.nome === 'Ar-condicionado split')!;
  const checklist = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Preventiva ${people.tag()}`,
    itens: [{ titulo: 'Filtro limpo', tipo: 'sim_nao' }],
  });
  const plan = await post<Plan>(api, '/api/tatico/ativos/planos', {
    contract_id: contract.id,
    asset_type_id: split.id,
    service_type_id: checklist.id,
    periodicidade: 'trimestral',
    inicio: '2030-02-04',
  });

  const page = await people.page(equipe, PHONE);
  await page.goto('/tatico/agenda');
  await page.getByRole('tab', { name: 'Ativos' }).tap();
  await page.getByText('Planos', { exact: true }).tap();
  const select = page.getByRole('combobox', { name: 'Contrato' });
  await select.tap();
  await page.getByRole('option', { name: new RegExp(contract.codigo) }).tap();
  const card = page.getByTestId('plan-row').filter({ hasText: 'Todos: Ar-condicionado split' });
  await expect(card).toContainText('Trimestral · próxima 04/02/2030');
  await expect(card.getByRole('switch')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Editar plano/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Novo plano' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'PMOC' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Configurar' })).toHaveCount(0);
  await expect(page.getByText('Nenhuma preventiva atrasada')).toBeVisible();
  await screenshotThemes(page, (theme) => `${SHOTS}/plans-phone-390-${theme}.png`, {
    fullPage: true,
  });
  const refused = await page.request.patch(`/api/tatico/ativos/planos/${plan.id}`, {
    headers: { 'x-requested-with': 'eproto' },
    data: { ativo: false },
  });
  expect(refused.status()).toBe(403);
  const pdf = await page.request.get(`/api/tatico/ativos/contratos/${contract.id}/pmoc.pdf`);
  expect(pdf.status()).toBe(403);

  // The verification page of a PMOC on a phone, nobody signed in.
  const issued = await api.get(`/api/tatico/ativos/contratos/${contract.id}/pmoc.pdf?ano=2030`);
  expect(issued.status()).toBe(200);
  const url = /Verifique em: (\S+)/.exec(pdfText(await issued.body()))![1]!;
  const stranger = await browser.newContext(PHONE);
  const publicPage = await stranger.newPage();
  await publicPage.goto(new URL(url).pathname);
  await expect(publicPage.getByTestId('pmoc-verify')).toContainText('2030');
  await screenshotThemes(publicPage, (theme) => `${SHOTS}/pmoc-verify-390-${theme}.png`);
  await stranger.close();
});

test('coordenador creates a monthly plan for an asset type on a phone, with taps', async ({
  people,
}) => {
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const api = await people.api(coord);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const split = types.items.find((x) => x.nome === 'Ar-condicionado split')!;
  const checklist = await post<{ id: number; nome: string }>(api, '/api/tatico/os/tipos', {
    nome: `Preventiva mensal ${people.tag()}`,
    itens: [{ titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: true }],
  });

  const page = await people.page(coord, PHONE);
  await useTheme(page, 'light');
  await page.goto('/tatico/agenda');
  await page.getByRole('tab', { name: 'Ativos' }).tap();
  await page.getByText('Planos', { exact: true }).tap();
  await expect(page).toHaveURL(/vista=planos/);
  await page.getByRole('combobox', { name: 'Contrato' }).tap();
  await page.getByRole('option', { name: new RegExp(contract.codigo) }).tap();
  await expect(page.getByText('Nenhum plano neste contrato')).toBeVisible();

  await page.getByRole('button', { name: 'Novo plano' }).tap();
  const form = page.getByRole('dialog', { name: 'Novo plano de manutenção' });
  await fillPlanForm(page, 'phone', form, {
    tipo: { option: 'Ar-condicionado split', typed: 'split' },
    checklist: checklist.nome,
    periodicidade: 'Mensal',
    primeira: '05/03/2027',
    duracao: '45',
  });
  // The full-screen form stays as wide as the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, { path: `${SHOTS}/plans-form-390-light.png` });
  await form.getByRole('button', { name: 'Criar plano' }).tap();
  await expect(form).toBeHidden({ timeout: 15_000 });
  const card = page.getByTestId('plan-row').filter({ hasText: 'Todos: Ar-condicionado split' });
  await expect(card).toContainText('Mensal');
  await expect(card).toContainText('05/03/2027');
  await shot(page, { path: `${SHOTS}/plans-list-390-light.png`, fullPage: true });

  const stored = await get<{ items: Plan[] }>(
    api,
    `/api/tatico/ativos/planos?contract_id=${contract.id}`,
  );
  expect(stored.items).toHaveLength(1);
  expect(stored.items[0]).toMatchObject({
    tipo_ativo: { id: split.id },
    servico: { id: checklist.id },
    periodicidade: 'mensal',
    intervalo_dias: null,
    inicio: '2027-03-05',
    duracao_min: 45,
    ativo: true,
  });
});
