import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaEntries, serviceOrders, userContracts } from '../../db/schema/index.ts';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { at, createOs, osBody, osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';

// The agenda and the OS put people on work and start it through the same gates of the access
// seam (modules/sst/work-gates.ts): these tests fail as soon as the two answer differently.

let t: TestApp;
let w: OsWorld;
let gerente: ReturnType<typeof client>;
let tech: ReturnType<typeof client>;
let altura: number;
let alturaService: number;
let ptService: number;
const SST = '/api/tatico/sst';

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  gerente = client(t, w.s.gerente.cookie);
  tech = client(t, w.s.equipe.cookie);
  const trainings = (await w.coord.get(`${SST}/treinamentos`)).json<{
    items: { id: number; codigo: string }[];
  }>();
  const nr35 = trainings.items.find((i) => i.codigo === 'NR-35')!.id;
  const type = await w.coord.post(`${SST}/tipos-atividade`, {
    nome: 'Trabalho em altura',
    requisitos: [{ tipo: 'treinamento', training_id: nr35 }],
  });
  expect(type.statusCode, type.body).toBe(201);
  altura = type.json<{ id: number }>().id;
  const serviceType = async (nome: string) => {
    const res = await w.coord.post('/api/tatico/os/tipos', {
      nome,
      itens: [{ titulo: 'Linha de vida ok', tipo: 'sim_nao' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  alturaService = await serviceType('Limpeza de calhas (altura)');
  const link = await w.coord.put(`${SST}/tipos-servico/${alturaService}`, {
    tipo_atividade_id: altura,
  });
  expect(link.statusCode, link.body).toBe(200);
  ptService = await serviceType('Troca de telhado (PT)');
  const flag = await w.coord.put(`${SST}/pt-tipos-servico/${ptService}`, { exige_pt: 'altura' });
  expect(flag.statusCode, flag.body).toBe(204);
});
afterAll(async () => t.close());

const error = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;

describe('team gate: an agenda entry and an OS team', () => {
  it('refuse a worker without the activity requirement with the same message and release', async () => {
    const worker = await createUser(t, { role: 'Equipe', nome: 'Caio Prates' });
    await t.database.db
      .insert(userContracts)
      .values({ userId: worker.id, contractId: w.contractA });
    const inicio = at(8, 3);
    const fim = at(12, 3);
    const entry = (extra: Record<string, unknown> = {}) => ({
      inicio,
      fim,
      local: 'Galpão 3, cobertura',
      contract_id: w.contractA,
      pessoas: [worker.id],
      descricao: 'Limpeza de calhas',
      tipo_atividade_id: altura,
      confirmar_conflitos: true,
      ...extra,
    });
    const os = (extra: Record<string, unknown> = {}) =>
      osBody(w, {
        service_type_id: alturaService,
        pessoas: [worker.id],
        previsto_inicio: inicio,
        previsto_fim: fim,
        ...extra,
      });

    const agendaRefused = await w.coord.post('/api/tatico/agenda', entry());
    const osRefused = await w.coord.post('/api/tatico/os', os());
    expect(agendaRefused.statusCode).toBe(409);
    expect(osRefused.statusCode).toBe(409);
    expect(error(agendaRefused)).toBe(
      'Requisitos de SST não atendidos: Caio Prates: sem NR-35. Somente gerente ou diretoria podem liberar, com justificativa.',
    );
    expect(error(osRefused)).toBe(error(agendaRefused));

    // A coordenador may not release; both say so the same way.
    const liberacao_sst = { motivo: 'Trabalho só no solo até a reciclagem da NR-35.' };
    const agendaByCoord = await w.coord.post('/api/tatico/agenda', entry({ liberacao_sst }));
    const osByCoord = await w.coord.post('/api/tatico/os', os({ liberacao_sst }));
    expect(agendaByCoord.statusCode).toBe(403);
    expect(osByCoord.statusCode).toBe(403);
    expect(error(osByCoord)).toBe(error(agendaByCoord));
    expect(error(agendaByCoord)).toBe(
      'Somente gerente ou diretoria podem liberar pessoas sem os requisitos de SST.',
    );

    // A gerente's written release goes through in both, each keeping the same reasons.
    const agendaOk = await gerente.post('/api/tatico/agenda', entry({ liberacao_sst }));
    const osOk = await gerente.post('/api/tatico/os', os({ liberacao_sst }));
    expect(agendaOk.statusCode, agendaOk.body).toBe(201);
    expect(osOk.statusCode, osOk.body).toBe(201);
    const kept = agendaOk.json<{ liberacao_sst: { pendencias: string[] } }>().liberacao_sst;
    const osId = osOk.json<{ id: number }>().id;
    const overrides = (await gerente.get(`${SST}/os/${osId}/liberacoes`)).json<{
      items: { pendencias: string[] }[];
    }>();
    expect(kept.pendencias).toEqual(['Caio Prates: sem NR-35']);
    expect(overrides.items.map((o) => o.pendencias)).toEqual([kept.pendencias]);
  });
});

describe('check-in gate: an OS that requires a PT and its agenda entry', () => {
  it('refuse the OS check-in and the start of its entry with the same message until a PT is approved', async () => {
    const os = await createOs(t, w, {
      service_type_id: ptService,
      previsto_inicio: at(0, 0),
      previsto_fim: at(23, 0),
    });
    const [row] = await t.database.db
      .select({ entryId: serviceOrders.agendaEntryId })
      .from(serviceOrders)
      .where(eq(serviceOrders.id, os.id));
    const entryId = row!.entryId!;
    const start = () =>
      tech.post(`/api/tatico/agenda/${entryId}/status`, { status: 'em_execucao' });
    const checkIn = () =>
      tech.post(`/api/tatico/os/${os.id}/etapas`, {
        acao: 'check_in',
        latitude: -23.5,
        longitude: -46.6,
      });
    const entryStatus = async () =>
      (
        await t.database.db
          .select({ status: agendaEntries.status })
          .from(agendaEntries)
          .where(eq(agendaEntries.id, entryId))
      )[0]!.status;

    const startRefused = await start();
    const checkInRefused = await checkIn();
    expect(startRefused.statusCode).toBe(409);
    expect(checkInRefused.statusCode).toBe(409);
    expect(error(startRefused)).toBe(
      'Check-in bloqueado: esta OS exige permissão de trabalho (trabalho em altura) aprovada e válida agora; não há PT de trabalho em altura aprovada para esta OS.',
    );
    expect(error(checkInRefused)).toBe(error(startRefused));
    expect(await entryStatus()).toBe('agendado');

    // A PT issued but not approved yet: the same "aguarda aprovação" in both.
    const apr = await w.coord.post(`${SST}/aprs`, {
      service_order_id: os.id,
      atividade: 'Troca de telhas',
      etapas: [
        {
          etapa: 'Subir na escada até o telhado',
          perigos: 'Queda de altura',
          controles: 'Cinto ancorado na linha de vida',
        },
      ],
    });
    expect(apr.statusCode, apr.body).toBe(201);
    const aprId = apr.json<{ id: number }>().id;
    expect((await w.coord.post(`${SST}/aprs/${aprId}/enviar`)).statusCode).toBe(200);
    const signed = await tech.post(`${SST}/aprs/${aprId}/assinar`, { concordo: true });
    expect(signed.statusCode, signed.body).toBe(200);
    const dayStart = Date.parse(at(0, 0));
    const pt = await w.coord.post(`${SST}/pts`, {
      tipo: 'altura',
      apr_id: aprId,
      inicio: new Date(Math.max(Date.now() - 3_600_000, dayStart)).toISOString(),
      fim: new Date(Math.min(Date.now() + 3_600_000, dayStart + 86_340_000)).toISOString(),
      medidas: ['Linha de vida instalada e inspecionada'],
    });
    expect(pt.statusCode, pt.body).toBe(201);
    const ptId = pt.json<{ id: number }>().id;
    const startPending = await start();
    const checkInPending = await checkIn();
    expect(startPending.statusCode).toBe(409);
    expect(error(startPending)).toContain(`a PT nº ${ptId} ainda aguarda aprovação`);
    expect(error(checkInPending)).toBe(error(startPending));

    // Approved and valid now: both go through.
    const decided = await gerente.post(`${SST}/pts/${ptId}/decisao`, { decisao: 'aprovar' });
    expect(decided.statusCode, decided.body).toBe(200);
    const started = await start();
    expect(started.statusCode, started.body).toBe(200);
    expect(await entryStatus()).toBe('em_execucao');
    const checkedIn = await checkIn();
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(checkedIn.json<{ status: string }>().status).toBe('em_execucao');
  });

  it('lets an entry without an OS, or whose OS needs no PT, start as before', async () => {
    const os = await createOs(t, w, { previsto_inicio: at(0, 0), previsto_fim: at(23, 0) });
    const [row] = await t.database.db
      .select({ entryId: serviceOrders.agendaEntryId })
      .from(serviceOrders)
      .where(eq(serviceOrders.id, os.id));
    const started = await tech.post(`/api/tatico/agenda/${row!.entryId}/status`, {
      status: 'em_execucao',
    });
    expect(started.statusCode, started.body).toBe(200);
    const plain = await w.coord.post('/api/tatico/agenda', {
      inicio: at(13, 0),
      fim: at(15, 0),
      local: 'Escritório do cliente',
      contract_id: w.contractA,
      pessoas: [w.s.equipe.id],
      descricao: 'Reunião de início',
      tipo_atividade_id: null,
      confirmar_conflitos: true,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const plainStart = await tech.post(
      `/api/tatico/agenda/${plain.json<{ id: number }>().id}/status`,
      { status: 'em_execucao' },
    );
    expect(plainStart.statusCode, plainStart.body).toBe(200);
  });
});
