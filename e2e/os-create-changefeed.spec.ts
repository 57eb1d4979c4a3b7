import { PHONE } from './support/devices.ts';
import { expect, post, test } from './support/people.ts';
import { apiLog, callsTo, pushStreamOpen } from './support/changefeed.ts';
import { mondayOfWeek } from './support/work.ts';

// Issue 37, one owner per write: making the OS of an agenda entry, and then starting the entry,
// on the coordinator's phone. Each write's own answer patches what it holds and its change
// (X-Changes, or the push event of an outbox write) does the rest: the week asks once what
// changed since its cursor, the entry's page is read once (its OS is new), never three times.

test('creating the OS of an entry and starting it on the phone read the week and the entry once', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Limpeza de dutos ${tag}`,
    itens: [{ titulo: 'Dutos limpos', tipo: 'sim_nao', obrigatorio: true }],
  });
  const local = `Hospital Central ${tag}, subsolo`;
  const inicio = new Date(Date.now() + 60 * 60_000);
  const entry = await post<{ id: number }>(api, '/api/tatico/agenda', {
    inicio: inicio.toISOString(),
    fim: new Date(inicio.getTime() + 2 * 3_600_000).toISOString(),
    local,
    contract_id: contract.id,
    pessoas: [tecnico.id],
    descricao: `Limpeza semestral ${tag}`,
    confirmar_conflitos: true,
  });

  const page = await people.page(coord, PHONE);
  const streaming = pushStreamOpen(page.context());
  await page.goto('/tatico/agenda');
  // On a Sunday night in São Paulo the entry an hour ahead is already in next week's board.
  if (mondayOfWeek(inicio) !== mondayOfWeek(new Date())) {
    await page.getByRole('button', { name: 'Próxima semana' }).tap();
  }
  await page
    .getByRole('button', { name: new RegExp(local) })
    .first()
    .tap();
  const box = page.getByTestId('create-os-from-entry');
  await expect(box).toBeVisible({ timeout: 30_000 });
  await streaming;
  await page.waitForLoadState('networkidle');

  const weekCalls = (log: string[]) => callsTo(log, 'GET /api/tatico/agenda?');
  const entryCalls = (log: string[]) =>
    log.filter((c) => c === `GET /api/tatico/agenda/${entry.id}`);

  // The OS of the entry, with one tap.
  const created = apiLog(page);
  await box.getByRole('combobox', { name: 'Tipo de serviço da OS' }).tap();
  await page.getByRole('option', { name: `Limpeza de dutos ${tag}` }).tap();
  await box.getByRole('button', { name: 'Criar OS' }).tap();
  await expect(page.getByRole('link', { name: /^Abrir OS-\d{4}-\d{6,}$/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(weekCalls(created)).toEqual([expect.stringContaining('updated_since=')]);
  expect(entryCalls(created)).toHaveLength(1);
  expect(created.filter((c) => /^GET \/api\/tatico\/os\/\d+$/.test(c))).toEqual([]);

  // Then the entry is started from the same drawer: its page takes the answer, the week asks
  // what changed once.
  const started = apiLog(page);
  await page.getByRole('button', { name: 'Iniciar' }).tap();
  await expect(page.getByRole('dialog', { name: 'Agendamento' })).toContainText('Em execução');
  await expect.poll(() => weekCalls(started).length, { timeout: 10_000 }).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  expect(weekCalls(started)).toEqual([expect.stringContaining('updated_since=')]);
  expect(entryCalls(started)).toEqual([]);
});
