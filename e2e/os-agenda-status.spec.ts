import { expect, post, test } from './support/people.ts';
import { dayFromToday } from './support/work.ts';
import { shot } from './support/devices.ts';

// Issue 30 (what was left): an entry of "Minha agenda" shows its OS's real status and only the
// action that makes sense. Once the OS is under way it says "Em execução" with "Abrir OS-…" and
// no "Iniciar"; a cancelled OS's entry hides behind "Mostrar canceladas" and, shown, says
// "Cancelada" with "Abrir" alone. A phone of 390 px, touch; people, contract and OSs are this
// spec's own.

const SITE = { latitude: -23.5613, longitude: -46.6565 };
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
};
const SHOTS = process.env.PW_OUTPUT ?? '/tmp/pw-os-agenda-status';

test("Minha agenda shows the OS's status, and no Iniciar once it started or was cancelled", async ({
  people,
}) => {
  test.setTimeout(120_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Troca de lâmpadas ${tag}`,
    itens: [{ titulo: 'Lâmpadas trocadas', tipo: 'sim_nao', obrigatorio: true }],
  });
  const newOs = (descricao: string, hour: number) => {
    const start = new Date(`${dayFromToday(0)}T0${hour}:00:00-03:00`);
    return post<{ id: number; codigo: string }>(api, '/api/tatico/os', {
      contract_id: contract.id,
      local: `Galpão ${tag}`,
      ...SITE,
      pessoas: [tecnico.id],
      service_type_id: tipo.id,
      descricao: `${descricao} ${tag}`,
      previsto_inicio: start.toISOString(),
      previsto_fim: new Date(start.getTime() + 3600_000).toISOString(),
    });
  };
  const open = await newOs('Corredor A', 1);
  const started = await newOs('Corredor B', 2);
  const cancelled = await newOs('Corredor C', 3);
  const tech = await people.api(tecnico);
  await post(tech, `/api/tatico/os/${started.id}/etapas`, { acao: 'check_in', ...SITE }, 200);
  await post(
    api,
    `/api/tatico/os/${cancelled.id}/etapas`,
    {
      acao: 'cancelar',
      motivo: 'Cliente desmarcou',
    },
    200,
  );

  const phone = await people.page(tecnico, PHONE);
  await phone.goto('/tatico/agenda');
  const cards = phone.getByTestId('minha-agenda-entry');
  const card = (name: string) => cards.filter({ hasText: `${name} ${tag}` });

  // Not started: the OS is open, the visit starts with Iniciar as before.
  await expect(card('Corredor A').getByTestId('os-status')).toHaveText('Aberta');
  await expect(card('Corredor A').getByRole('button', { name: 'Iniciar' })).toBeVisible();

  // Under way: its status, "Abrir" and nothing to start or finish on the entry.
  await expect(card('Corredor B').getByTestId('os-status')).toHaveText('Em execução');
  await expect(card('Corredor B')).not.toContainText('Agendado');
  await expect(card('Corredor B').getByTestId('minha-agenda-os')).toHaveText(
    `Abrir ${started.codigo} · Em execução`,
  );
  await expect(card('Corredor B').getByRole('button', { name: /Iniciar|Concluir/ })).toHaveCount(0);

  // Cancelled: no work for the day, behind "Mostrar canceladas"; shown, "Cancelada" and Abrir.
  await expect(cards).toHaveCount(2);
  await phone.getByRole('switch', { name: 'Mostrar canceladas (1)' }).tap();
  await expect(cards).toHaveCount(3);
  await expect(card('Corredor C').getByTestId('os-status')).toHaveText('Cancelada');
  await expect(card('Corredor C').getByRole('button')).toHaveCount(0);
  const abrir = card('Corredor C').getByTestId('minha-agenda-os');
  await expect(abrir).toHaveText(`Abrir ${cancelled.codigo} · Cancelada`);
  await shot(phone, { path: `${SHOTS}/minha-agenda-390-light.png`, fullPage: true });
  await abrir.tap();
  await expect(phone.getByTestId('os-codigo')).toHaveText(cancelled.codigo);
  await expect(phone.getByTestId('os-status')).toHaveText('Cancelada');
  expect(open.id).toBeGreaterThan(0);
});
