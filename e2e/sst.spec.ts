import type { Page } from '@playwright/test';

import { expect, get, post, test } from './support/people.ts';
import { dayFromToday } from './support/work.ts';
import { DESKTOP } from './support/devices.ts';

// A coordinator tries to put a worker whose NR-35 expired on a "Trabalho em altura" entry,
// sees why it is blocked, and a gerente releases it with a written reason shown on the entry.
// The people, contract, training record, ASO and activity type are this spec's own.

async function typeInto(page: Page, name: string, text: string) {
  const box = page.getByRole('dialog').getByRole('textbox', { name, exact: true });
  await box.click();
  await box.fill('');
  await box.pressSequentially(text, { delay: 10 });
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Fills "Novo agendamento" for one person on a day (dd/mm/aaaa) with an activity type. */
async function fillEntry(
  page: Page,
  o: { day: string; local: string; codigo: string; pessoa: string; tipo: string },
) {
  await page.goto('/tatico/agenda');
  await page.getByRole('button', { name: 'Novo agendamento' }).click();
  await expect(page.getByRole('dialog', { name: 'Novo agendamento' })).toBeVisible();
  await typeInto(page, 'Início', o.day);
  await typeInto(page, 'Fim', o.day);
  await typeInto(page, 'Local', o.local);
  await pick(page, 'Contrato', new RegExp(o.codigo));
  await pick(page, 'Tipo de atividade (opcional)', o.tipo);
  await pick(page, 'Pessoas', o.pessoa);
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Descrição' })
    .fill('Troca de isoladores');
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar', exact: true }).click();
}

test('an expired NR-35 blocks the coordinator; the gerente releases it with a reason shown on the entry', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const gerente = await people.person('Gerente', { contracts: [contract.id] });
  const worker = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const capi = await people.api(coord);
  const gapi = await people.api(gerente);
  const trainings = await get<{ items: { id: number; codigo: string }[] }>(
    capi,
    '/api/tatico/sst/treinamentos',
  );
  const nr35 = trainings.items.find((t) => t.codigo === 'NR-35')!.id;
  // Done 24 months and 10 days ago: expired 10 days ago.
  const done = dayFromToday(-740);
  const rec = await post<{ validade: string }>(capi, '/api/tatico/sst/registros', {
    user_id: worker.id,
    training_id: nr35,
    data: done,
    carga_horaria: 8,
    instrutor: 'SENAI',
  });
  await post(gapi, '/api/tatico/sst/asos', {
    user_id: worker.id,
    tipo: 'periodico',
    data: dayFromToday(-30),
    resultado: 'apto',
    medico: 'Dra. Ana Souza',
    crm: '123456/SP',
  });
  const tipo = `Trabalho em altura ${tag}`;
  await post(capi, '/api/tatico/sst/tipos-atividade', {
    nome: tipo,
    requisitos: [{ tipo: 'treinamento', training_id: nr35 }, { tipo: 'aso' }],
  });
  const day = dayFromToday(3);
  const br = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  const expired = `${rec.validade.slice(8, 10)}/${rec.validade.slice(5, 7)}/${rec.validade.slice(0, 4)}`;
  const local = `Subestação ${tag}`;
  const entry = { day: br, local, codigo: contract.codigo, pessoa: worker.nome, tipo };

  const page = await people.page(coord, DESKTOP);
  await fillEntry(page, entry);
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
  await expect(dialog.getByText('Requisitos de SST não atendidos')).toBeVisible();
  await expect(dialog.getByText(`${worker.nome}: NR-35 vencida em ${expired}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Liberar e salvar' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Salvar mesmo assim' })).toHaveCount(0);

  const gpage = await people.page(gerente, DESKTOP);
  await fillEntry(gpage, entry);
  const gdialog = gpage.getByRole('dialog', { name: 'Novo agendamento' });
  await expect(gdialog.getByText(`${worker.nome}: NR-35 vencida em ${expired}`)).toBeVisible();
  await gdialog
    .getByRole('textbox', { name: 'Justificativa da liberação' })
    .fill('Reciclagem marcada; trabalho acompanhado pelo supervisor.');
  await gdialog.getByRole('button', { name: 'Liberar e salvar' }).click();
  await expect(gdialog).toBeHidden();

  const list = await get<{
    items: {
      id: number;
      local: string;
      liberacao_sst: { motivo: string; por: { id: number } } | null;
    }[];
  }>(capi, `/api/tatico/agenda?de=${day}&ate=${day}&contract_id=${contract.id}`);
  const saved = list.items.find((e) => e.local === local);
  expect(saved?.liberacao_sst).toMatchObject({
    motivo: 'Reciclagem marcada; trabalho acompanhado pelo supervisor.',
    por: { id: gerente.id },
  });
  const shown = await get<{ liberacao_sst: { pendencias: string[] } }>(
    capi,
    `/api/tatico/agenda/${saved!.id}`,
  );
  expect(shown.liberacao_sst.pendencias).toEqual([`${worker.nome}: NR-35 vencida em ${expired}`]);
});
