import { PHONE } from './support/devices.ts';
import { expect, post, test } from './support/people.ts';
import { apiLog, callsTo, pushStreamOpen } from './support/changefeed.ts';
import { dayFromToday } from './support/work.ts';

// Issue 37 for Meus EPIs (/tatico/epi), a field screen: the office's change of a technician's
// EPI reaches that technician's phone as one delta (GET /tatico/epi/minhas-entregas with
// updated_since = the list's cursor) and nothing else; another technician's EPI never reaches
// it; the phone's own confirmation asks nothing (its answer holds the version). Before, every
// EPI event of the company reached every phone, which read its EPIs and its requests again.

/** The phone's first paint on a 2-core machine shared with other work. */
const FIRST_PAINT = { timeout: 30_000 };
/** A pushed change, then one small ask. */
const PUSH = { timeout: 10_000 };

test("the office's change of a technician's EPI patches the phone's Meus EPIs with one delta", async ({
  people,
}) => {
  test.setTimeout(120_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const outro = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const today = dayFromToday(0);
  const item = (nome: string) =>
    post<{ id: number }>(api, '/api/tatico/epi/itens', {
      nome: `${nome} ${tag}`,
      ca_numero: '12345',
      ca_validade: dayFromToday(365),
      tamanho: 'M',
      vida_util_dias: 180,
      estoque_inicial: 5,
    });
  const deliver = (itemId: number, colaborador = tecnico.id) =>
    post<{ id: number }>(api, '/api/tatico/epi/entregas', {
      colaborador_id: colaborador,
      item_id: itemId,
      data: today,
      quantidade: 1,
      motivo: 'admissao',
    });
  const luva = await item('Luva isolante');
  const capacete = await item('Capacete');
  const first = await deliver(luva.id);

  const phone = await people.page(tecnico, PHONE);
  const streaming = pushStreamOpen(phone.context());
  await phone.goto('/tatico/epi');
  await expect(phone.getByRole('heading', { name: 'Confirme o recebimento (1)' })).toBeVisible(
    FIRST_PAINT,
  );
  await streaming;
  await phone.waitForLoadState('networkidle');
  const log = apiLog(phone);

  // Another technician's EPI: the event never reaches this phone.
  await deliver(capacete.id, outro.id);
  // This technician's: a new delivery, then the first one returned.
  await deliver(capacete.id);
  await expect(phone.getByRole('heading', { name: 'Confirme o recebimento (2)' })).toBeVisible(
    PUSH,
  );
  await post(
    api,
    `/api/tatico/epi/entregas/${first.id}/devolucao`,
    {
      data: today,
      motivo: 'Rasgada',
      retorna_estoque: false,
    },
    200,
  );
  await expect(phone.getByText(new RegExp(`Luva isolante ${tag} .*devolvido em`))).toBeVisible(
    PUSH,
  );
  await expect(phone.getByRole('heading', { name: 'Confirme o recebimento (1)' })).toBeVisible();

  // The phone confirms the capacete itself: its answer has the version, so it asks nothing.
  const saved = phone.waitForResponse(
    (r) => /\/api\/tatico\/epi\/entregas\/\d+\/confirmar$/.test(r.url()) && r.status() === 200,
  );
  await phone.getByRole('button', { name: 'Confirmar recebimento' }).tap();
  await saved;
  await expect(phone.getByRole('heading', { name: 'Em uso' })).toBeVisible();
  await phone.waitForTimeout(1_500);
  await phone.waitForLoadState('networkidle');

  // Two deltas (the new delivery, the return), each from the list's cursor; no whole read of
  // the list nor of the requests.
  const asks = callsTo(log, 'GET /api/tatico/epi/minhas-entregas?');
  expect(asks, log.join('\n')).toHaveLength(2);
  for (const ask of asks) expect(ask).toContain('updated_since=');
  expect(log.filter((c) => c === 'GET /api/tatico/epi/minhas-entregas')).toEqual([]);
  expect(callsTo(log, 'GET /api/tatico/epi/minhas-solicitacoes')).toEqual([]);
  await phone.screenshot({ path: test.info().outputPath('meus-epis-390.png') });
});
