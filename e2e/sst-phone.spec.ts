import type { Locator, Page } from '@playwright/test';

import { expect, get, post, test } from './support/people.ts';
import { dayFromToday } from './support/work.ts';
import { PHONE } from './support/devices.ts';

// SST on a touch phone: a coordinator records a worker's NR-35 (date typed as a Brazilian types
// it), the worker sees their own trainings and ASO in "Meus EPIs"; on an OS whose service type
// requires "Trabalho em altura", a team member cannot add a helper whose NR-35 expired (and sees
// why), a gerente adds them with a written reason, and the release shows on the OS for the
// coordinator. People, contract, service type, activity type and OS are this spec's own.

const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Taps a field and types the text key by key, as on a phone keyboard. */
async function typeInto(box: Locator, text: string) {
  await box.tap();
  await box.fill('');
  await box.pressSequentially(text, { delay: 15 });
}

/** Taps a select, types to filter and taps the option. */
async function pick(page: Page, box: Locator, typed: string, option: string | RegExp) {
  await box.tap();
  await box.pressSequentially(typed, { delay: 15 });
  await page.getByRole('option', { name: option }).tap();
}

test('SST on the phone: own file in Meus EPIs, and a helper without NR-35 released by a gerente on the OS', async ({
  people,
}) => {
  test.setTimeout(150_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const gerente = await people.person('Gerente', { contracts: [contract.id] });
  const worker = await people.person('Equipe', { contracts: [contract.id] });
  const helper = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const capi = await people.api(coord);
  const gapi = await people.api(gerente);
  const trainings = await get<{ items: { id: number; codigo: string }[] }>(
    capi,
    '/api/tatico/sst/treinamentos',
  );
  const nr35 = trainings.items.find((t) => t.codigo === 'NR-35')!.id;
  for (const p of [worker, helper]) {
    await post(gapi, '/api/tatico/sst/asos', {
      user_id: p.id,
      tipo: 'periodico',
      data: dayFromToday(-30),
      resultado: 'apto',
      medico: 'Dra. Helena Duarte',
      crm: '123456/SP',
    });
  }
  // The helper's NR-35 was done 24 months and 10 days ago: expired 10 days ago.
  const old = await post<{ validade: string }>(capi, '/api/tatico/sst/registros', {
    user_id: helper.id,
    training_id: nr35,
    data: dayFromToday(-740),
    carga_horaria: 8,
    instrutor: 'SENAI',
  });

  // 1. The coordinator records the worker's NR-35 on the phone, typing the date.
  const done = dayFromToday(-20);
  const cphone = await people.page(coord, PHONE);
  // By the address: the row scrolls its chosen tab into view as the page settles, so a tap
  // aimed at a half-hidden tab could land on its neighbour (tapping tabs: phone-tabs.spec.ts).
  await cphone.goto('/tatico/epi?aba=sst');
  await expect(cphone.getByRole('tab', { name: 'Treinamentos e ASO' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await pick(cphone, cphone.getByRole('combobox', { name: 'Pessoa' }), worker.nome, worker.nome);
  await cphone.getByRole('button', { name: 'Registrar treinamento' }).tap();
  const rec = cphone.getByRole('dialog', { name: 'Registrar treinamento' });
  await pick(cphone, rec.getByRole('combobox', { name: 'Treinamento' }), 'NR-35', /^NR-35 —/);
  await typeInto(rec.getByRole('textbox', { name: 'Data de conclusão' }), br(done));
  await typeInto(rec.getByRole('textbox', { name: 'Carga horária (horas)' }), '8,5');
  await typeInto(rec.getByRole('textbox', { name: 'Instrutor ou entidade' }), 'SENAI Campinas');
  await rec.getByRole('button', { name: 'Registrar' }).tap();
  await expect(rec).toBeHidden();
  const file = await get<{
    treinamentos: {
      treinamento: { codigo: string };
      data: string;
      carga_horaria: number;
      instrutor: string;
      validade: string;
    }[];
  }>(capi, `/api/tatico/sst/pessoas/${worker.id}`);
  expect(file.treinamentos).toEqual([
    expect.objectContaining({
      treinamento: expect.objectContaining({ codigo: 'NR-35' }),
      data: done,
      carga_horaria: 8.5,
      instrutor: 'SENAI Campinas',
    }),
  ]);
  const validUntil = file.treinamentos[0]!.validade;

  // 2. The worker sees their own NR-35 and ASO (with the result) in "Meus EPIs".
  const wphone = await people.page(worker, PHONE);
  await wphone.goto('/tatico/epi');
  const mine = wphone.getByRole('heading', { name: 'Treinamentos, ASO e CNH' });
  await mine.scrollIntoViewIfNeeded();
  await expect(mine).toBeVisible();
  await expect(wphone.getByText('NR-35', { exact: true })).toBeVisible();
  await expect(wphone.getByText(`Até ${br(validUntil)}`)).toBeVisible();
  await expect(wphone.getByText(`${br(done)} · 8,5 h · SENAI Campinas`)).toBeVisible();
  await expect(wphone.getByText('Resultado: Apto')).toBeVisible();

  // 3. An OS of a service type requiring "Trabalho em altura", with the worker on the team.
  const activity = await post<{ id: number }>(capi, '/api/tatico/sst/tipos-atividade', {
    nome: `Trabalho em altura ${tag}`,
    requisitos: [{ tipo: 'treinamento', training_id: nr35 }, { tipo: 'aso' }],
  });
  const tipo = await post<{ id: number }>(capi, '/api/tatico/os/tipos', {
    nome: `Limpeza de calhas ${tag}`,
    itens: [{ titulo: 'Linha de vida instalada', tipo: 'sim_nao', obrigatorio: true }],
  });
  const put = await capi.put(`/api/tatico/sst/tipos-servico/${tipo.id}`, {
    data: { tipo_atividade_id: activity.id },
  });
  expect(put.status()).toBe(200);
  const start = new Date(Date.now() + 26 * 3600_000);
  const os = await post<{ id: number; codigo: string }>(capi, '/api/tatico/os', {
    contract_id: contract.id,
    service_type_id: tipo.id,
    local: `Galpão ${tag}, cobertura`,
    previsto_inicio: start.toISOString(),
    previsto_fim: new Date(start.getTime() + 4 * 3600_000).toISOString(),
    pessoas: [worker.id],
  });
  const reason = `${helper.nome}: NR-35 vencida em ${br(old.validade)}`;

  // The worker (on the team) tries to add the helper: blocked, with the reason, no release.
  await wphone.goto(`/tatico/agenda/os/${os.id}`);
  await wphone.getByRole('tab', { name: 'Equipe' }).tap();
  await pick(
    wphone,
    wphone.getByRole('combobox', { name: 'Adicionar ajudante' }),
    helper.nome,
    helper.nome,
  );
  await wphone.getByRole('button', { name: 'Adicionar' }).tap();
  const block = wphone.getByRole('dialog', { name: 'Requisitos de SST não atendidos' });
  // A colleague learns only that the helper is not cleared, never why (docs/sst.md).
  await expect(block.getByText(`${helper.nome}: não habilitado para a atividade`)).toBeVisible();
  await expect(block.getByText(reason)).toHaveCount(0);
  await expect(block.getByRole('button', { name: 'Liberar e salvar' })).toHaveCount(0);
  await block.getByRole('button', { name: 'Voltar' }).tap();
  await expect(block).toBeHidden();

  // 4. The gerente adds the helper on the phone with a written reason.
  const motivo = 'Reciclagem NR-35 amanhã; hoje só apoio no solo.';
  const gphone = await people.page(gerente, PHONE);
  await gphone.goto(`/tatico/agenda/os/${os.id}`);
  await gphone.getByRole('tab', { name: 'Equipe' }).tap();
  await pick(
    gphone,
    gphone.getByRole('combobox', { name: 'Adicionar ajudante' }),
    helper.nome,
    helper.nome,
  );
  await gphone.getByRole('button', { name: 'Adicionar' }).tap();
  const release = gphone.getByRole('dialog', { name: 'Requisitos de SST não atendidos' });
  await expect(release.getByText(reason)).toBeVisible();
  await release.getByRole('button', { name: 'Liberar e salvar' }).tap();
  await expect(release.getByText('Informe a justificativa da liberação.')).toBeVisible();
  await typeInto(release.getByRole('textbox', { name: /Justificativa da liberação/ }), motivo);
  await release.getByRole('button', { name: 'Liberar e salvar' }).tap();
  await expect(release).toBeHidden();
  await expect(gphone.getByTestId('os-team-member').filter({ hasText: helper.nome })).toBeVisible();

  const stored = await get<{
    items: { motivo: string; por: { id: number }; pendencias: string[] }[];
  }>(capi, `/api/tatico/sst/os/${os.id}/liberacoes`);
  expect(stored.items).toEqual([
    expect.objectContaining({
      motivo,
      por: expect.objectContaining({ id: gerente.id }),
      pendencias: [reason],
    }),
  ]);

  // 5. The coordinator sees the release on the OS.
  await cphone.goto(`/tatico/agenda/os/${os.id}`);
  const shown = cphone.getByTestId('os-sst-releases');
  await expect(shown).toContainText('Liberada sem requisito de SST');
  await expect(shown).toContainText(`${gerente.nome} em`);
  await expect(shown).toContainText(`“${motivo}”`);
  await expect(shown).toContainText(reason);
});
