import { expect, get, post, test } from './support/people.ts';
import { DESKTOP, phoneAt } from './support/devices.ts';

// A worker signs an APR on a touch phone ("Li e concordo", with the phone's position); the
// check-in of an OS whose service type requires a PT is refused until a gerente, in a second
// browser, approves the PT the coordinator issued; then the same tap checks in. What was
// stored is read back through the API. People, contract, service type and OS are this spec's.

const SITE = { latitude: -22.9056, longitude: -47.0608 };
const PHONE = phoneAt(SITE, 9);

/** A shift around now, kept inside today's São Paulo day. */
function shift() {
  const now = Date.now();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  const start = Date.parse(`${day}T00:00:00-03:00`);
  return {
    inicio: new Date(Math.max(now - 30 * 60_000, start)).toISOString(),
    fim: new Date(Math.min(now + 2 * 3_600_000, start + 86_400_000 - 60_000)).toISOString(),
  };
}

test('a worker signs the APR on the phone; check-in is refused until the gerente approves the PT, then allowed', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const gerente = await people.person('Gerente', { contracts: [contract.id] });
  const worker = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const capi = await people.api(coord);

  const tipo = await post<{ id: number }>(capi, '/api/tatico/os/tipos', {
    nome: `Troca de telhado ${tag}`,
    itens: [{ titulo: 'Linha de vida inspecionada', tipo: 'sim_nao' }],
  });
  const flag = await capi.put(`/api/tatico/sst/pt-tipos-servico/${tipo.id}`, {
    data: { exige_pt: 'altura' },
  });
  expect(flag.status()).toBe(204);
  const os = await post<{ id: number; codigo: string }>(capi, '/api/tatico/os', {
    contract_id: contract.id,
    service_type_id: tipo.id,
    local: `Galpão ${tag}`,
    ...SITE,
    previsto_inicio: new Date(Date.now() - 30 * 60_000).toISOString(),
    previsto_fim: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    pessoas: [worker.id],
  });
  const apr = await post<{ id: number }>(capi, '/api/tatico/sst/aprs', {
    service_order_id: os.id,
    atividade: `Troca de telhas ${tag}`,
    etapas: [
      {
        etapa: 'Subir e ancorar na linha de vida',
        perigos: 'Queda de altura',
        controles: 'Cinto paraquedista ancorado',
      },
    ],
  });
  await post(capi, `/api/tatico/sst/aprs/${apr.id}/enviar`, {}, 200);

  // The worker signs on the phone, from "Meus EPIs".
  const phone = await people.page(worker, PHONE);
  await phone.goto('/tatico/epi');
  const card = phone.getByLabel(`APR Troca de telhas ${tag}`);
  // Its situation is whole beside (or under) the title and place, not "EM A…".
  const badge = card.getByText('Em assinatura', { exact: true });
  await expect(badge).toBeVisible();
  expect(await badge.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
  await card.getByRole('button', { name: 'Li e concordo' }).tap();
  await expect(card.getByText(/Você assinou em/)).toBeVisible();
  const wapi = await people.api(worker);
  const signed = await get<{
    status: string;
    equipe: {
      id: number;
      assinado_em: string | null;
      latitude: number | null;
      longitude: number | null;
    }[];
  }>(wapi, `/api/tatico/sst/aprs/${apr.id}`);
  expect(signed.status).toBe('assinada');
  expect(signed.equipe).toEqual([
    expect.objectContaining({ id: worker.id, latitude: SITE.latitude, longitude: SITE.longitude }),
  ]);
  expect(signed.equipe[0]!.assinado_em).not.toBeNull();

  // The coordinator issues the PT; the check-in is refused while it waits for approval.
  const pt = await post<{ id: number; status: string }>(capi, '/api/tatico/sst/pts', {
    tipo: 'altura',
    apr_id: apr.id,
    ...shift(),
    medidas: ['Linha de vida instalada e inspecionada'],
  });
  expect(pt.status).toBe('emitida');
  await phone.goto(`/tatico/agenda/os/${os.id}`);
  await expect(phone.getByTestId('os-codigo')).toHaveText(os.codigo);
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  await expect(phone.getByText(/Check-in bloqueado/).first()).toBeVisible();
  const refused = await get<{ status: string }>(wapi, `/api/tatico/os/${os.id}`);
  expect(refused.status).toBe('aberta');

  // The gerente approves it in another browser.
  const office = await people.page(gerente, DESKTOP);
  await office.goto(`/tatico/epi?aba=apr-pt&pt=${pt.id}`);
  const dialog = office.getByRole('dialog', { name: `PT nº ${pt.id}` });
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  await dialog.getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(dialog.getByText('Aprovada — vigente agora')).toBeVisible();

  // Now the same tap checks in.
  await phone.reload();
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');
  const done = await get<{ status: string }>(wapi, `/api/tatico/os/${os.id}`);
  expect(done.status).toBe('em_execucao');
});
