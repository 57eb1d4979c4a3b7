import { expect, get, post, test } from './support/people.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { mondayOfWeek } from './support/work.ts';

// The coordinator makes an OS from an agenda entry with the "Criar OS" button (the entry then
// shows it), on a touch phone and at a desk. People, contract, service type and entries are
// this spec's own; what was stored is read back through the API.

interface OsSummary {
  id: number;
  codigo: string;
  local: string;
  status: string;
  agenda_entry_id: number | null;
  pessoas: { id: number }[];
}

for (const device of ['phone', 'desk'] as const) {
  test(`the coordinator creates the OS of an agenda entry with one tap on "Criar OS" (${device})`, async ({
    people,
  }) => {
    const contract = await people.contract();
    const coord = await people.person('Coordenador', { contracts: [contract.id] });
    const tecnico = await people.person('Equipe', { contracts: [contract.id] });
    const tag = people.tag();
    const api = await people.api(coord);
    const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
      nome: `Limpeza de caixa d’água ${tag}`,
      itens: [{ titulo: 'Reservatório escovado', tipo: 'sim_nao', obrigatorio: true }],
    });
    const local = `Condomínio Jardim ${tag}, cobertura`;
    const inicio = new Date(Date.now() + 60 * 60_000);
    const entry = await post<{ id: number }>(api, '/api/tatico/agenda', {
      inicio: inicio.toISOString(),
      fim: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      local,
      contract_id: contract.id,
      pessoas: [tecnico.id],
      descricao: 'Limpeza semestral',
      confirmar_conflitos: true,
    });

    const page =
      device === 'phone' ? await people.page(coord, PHONE) : await people.page(coord, DESKTOP);
    const press = async (l: ReturnType<typeof page.getByRole>) =>
      device === 'phone' ? l.tap() : l.click();
    await page.goto('/tatico/agenda');
    // On a Sunday night in São Paulo the entry an hour ahead is already in next week's board.
    if (mondayOfWeek(inicio) !== mondayOfWeek(new Date())) {
      await press(page.getByRole('button', { name: 'Próxima semana' }));
    }
    await press(page.getByRole('button', { name: new RegExp(local) }).first());
    const box = page.getByTestId('create-os-from-entry');
    await expect(box).toBeVisible();
    await press(box.getByRole('combobox', { name: 'Tipo de serviço da OS' }));
    await press(page.getByRole('option', { name: `Limpeza de caixa d’água ${tag}` }));
    await press(box.getByRole('button', { name: 'Criar OS' }));

    // the entry now shows its OS instead of the button
    const link = page.getByRole('link', { name: /^Abrir OS-\d{4}-\d{6,}$/ });
    await expect(link).toBeVisible();
    await expect(box).toHaveCount(0);
    const codigo = (await link.textContent())!.replace('Abrir', '').trim();

    const list = await get<{ items: OsSummary[] }>(
      api,
      `/api/tatico/os?contract_id=${contract.id}&service_type_id=${tipo.id}`,
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      codigo,
      local,
      status: 'aberta',
      agenda_entry_id: entry.id,
      pessoas: [expect.objectContaining({ id: tecnico.id })],
    });

    await press(link);
    await expect(page.getByTestId('os-codigo')).toHaveText(codigo);
  });
}

test('the coordinator creates an OS on its own from the "Ordens de serviço" tab', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Inspeção de quadro elétrico ${tag}`,
    itens: [{ titulo: 'Quadro identificado', tipo: 'sim_nao', obrigatorio: true }],
  });
  const page = await people.page(coord, DESKTOP);
  await page.goto('/tatico/agenda?aba=os');
  await page.getByRole('button', { name: 'Nova OS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova ordem de serviço' });
  await dialog.getByRole('combobox', { name: 'Contrato' }).click();
  await dialog.getByRole('combobox', { name: 'Contrato' }).pressSequentially(contract.codigo);
  await page.getByRole('option', { name: new RegExp(contract.codigo) }).click();
  await dialog.getByRole('combobox', { name: 'Tipo de serviço' }).click();
  await page.getByRole('option', { name: `Inspeção de quadro elétrico ${tag}` }).click();
  const local = `Galpão ${tag}, quadro geral`;
  await dialog.getByRole('textbox', { name: 'Local' }).pressSequentially(local);
  await dialog.getByRole('textbox', { name: 'Início previsto' }).pressSequentially('10/12/2026');
  await dialog.getByLabel('Hora').nth(0).fill('08:00');
  await dialog.getByRole('textbox', { name: 'Fim previsto' }).pressSequentially('10/12/2026');
  await dialog.getByLabel('Hora').nth(1).fill('11:30');
  await dialog.getByRole('combobox', { name: 'Equipe' }).click();
  await page.getByRole('option', { name: tecnico.nome }).click();
  await dialog.getByRole('button', { name: 'Criar OS' }).click();
  await expect(page.getByTestId('os-codigo')).toHaveText(/^OS-\d{4}-\d{6,}$/);

  const list = await get<{ items: (OsSummary & { previsto_inicio: string })[] }>(
    api,
    `/api/tatico/os?contract_id=${contract.id}&service_type_id=${tipo.id}`,
  );
  expect(list.items).toHaveLength(1);
  expect(list.items[0]).toMatchObject({
    local,
    status: 'aberta',
    // Nova OS makes its own agenda entry, so the team finds it in Minha agenda (issue 30).
    agenda_entry_id: expect.any(Number),
    pessoas: [expect.objectContaining({ id: tecnico.id })],
  });
  // 10/12/2026 08:00 in São Paulo (UTC-3)
  expect(new Date(list.items[0]!.previsto_inicio).toISOString()).toBe('2026-12-10T11:00:00.000Z');
});
