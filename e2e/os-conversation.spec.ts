import { expect, get, post, test } from './support/people.ts';
import { DESKTOP, PHONE } from './support/devices.ts';

// The OS "Conversa" runs on the shared work-item thread: a technician of this spec writes on
// the OS from a touch phone, mentioning the coordinator, who sees it on the office screen
// without a reload and is notified. People, contract, service type and OS are this spec's own;
// what was stored is read back through the API.

test('a technician posts on the OS conversation from a phone; the coordinator sees it live', async ({
  people,
}) => {
  const contract = await people.contract();
  const tag = people.tag();
  const coord = await people.person('Coordenador', {
    nome: `Rita Duarte ${tag}`,
    contracts: [contract.id],
  });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(coord);
  const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Inspeção de quadro ${tag}`,
    itens: [{ titulo: 'Quadro identificado', tipo: 'sim_nao', obrigatorio: true }],
  });
  const start = new Date(Date.now() + 3600_000);
  const os = await post<{ id: number; codigo: string }>(api, '/api/tatico/os', {
    contract_id: contract.id,
    service_type_id: tipo.id,
    local: `Galpão 3, quadro geral ${tag}`,
    previsto_inicio: start.toISOString(),
    previsto_fim: new Date(start.getTime() + 2 * 3600_000).toISOString(),
    pessoas: [tecnico.id],
  });

  const office = await people.page(coord, DESKTOP);
  await office.goto(`/tatico/agenda/os/${os.id}`);
  await office.getByRole('tab', { name: 'Conversa' }).click();
  await expect(office.getByText('Nenhuma mensagem ainda')).toBeVisible();

  const phone = await people.page(tecnico, PHONE);
  // By the address, as the mention's notification opens it: in the first 1.5 s the row keeps
  // its selected tab in view, and a tap on "Conversa", half out of the row, landed on "Materiais".
  await phone.goto(`/tatico/agenda/os/${os.id}?aba=conversa`);
  await expect(phone.getByTestId('os-codigo')).toHaveText(os.codigo);
  await expect(phone.getByRole('tab', { name: 'Conversa' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const box = phone.getByRole('textbox', { name: 'Mensagem' });
  await box.tap();
  await box.pressSequentially('@Rita', { delay: 20 });
  await phone.getByRole('option', { name: new RegExp(coord.nome) }).tap();
  await box.pressSequentially('o disjuntor 3 está aquecendo, troco hoje?', { delay: 10 });
  const sent = phone.waitForResponse(
    (r) => r.url().endsWith(`/api/tatico/os/${os.id}/messages`) && r.status() === 201,
  );
  await phone.getByRole('button', { name: 'Enviar mensagem' }).tap();
  await sent;
  await expect(box).toHaveValue('');

  const texto = `@${coord.nome} o disjuntor 3 está aquecendo, troco hoje?`;
  // Stored as typed, with the coordinator as the mention.
  const stored = await get<{ texto: string; author_id: number; mentions: number[] }[]>(
    api,
    `/api/tatico/os/${os.id}/messages`,
  );
  expect(stored).toEqual([
    expect.objectContaining({ texto, author_id: tecnico.id, mentions: [coord.id] }),
  ]);
  // The office page follows without a reload, and the bell opens the OS conversation.
  await expect(office.getByText('o disjuntor 3 está aquecendo, troco hoje?')).toBeVisible();
  const bell = await get<{ items: { type: string; link: string | null }[] }>(
    api,
    '/api/eproto/notifications',
  );
  expect(bell.items).toContainEqual(
    expect.objectContaining({ type: 'mention', link: `/tatico/agenda/os/${os.id}?aba=conversa` }),
  );
});
