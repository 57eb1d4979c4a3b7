import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  epiDeliveries,
  epiItems,
  notifications,
  sstAprs,
  sstPtEvents,
  sstPts,
  userContracts,
} from '../../db/schema/index.ts';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { at, createOs, osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';
import { createPtService } from './pt.service.ts';
import { serviceDepsOf } from '../../../test/service-deps.ts';

let t: TestApp;
let w: OsWorld;
let coord: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
let diretoria: ReturnType<typeof client>;
let tech: ReturnType<typeof client>;
let ti: ReturnType<typeof client>;
let cinto: number;
let capacete: number;
const BASE = '/api/tatico/sst';

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  coord = w.coord;
  gerente = client(t, w.s.gerente.cookie);
  diretoria = client(t, w.s.diretoria.cookie);
  tech = client(t, w.s.equipe.cookie);
  ti = client(t, w.s.ti.cookie);
  const items = await t.database.db
    .insert(epiItems)
    .values([
      {
        nome: 'Cinto paraquedista',
        caNumero: '35529',
        caValidade: '2030-01-01',
        tamanho: 'M',
        vidaUtilDias: 365,
      },
      {
        nome: 'Capacete com jugular',
        caNumero: '31469',
        caValidade: '2030-01-01',
        tamanho: 'U',
        vidaUtilDias: 730,
      },
      {
        nome: 'Cinto paraquedista',
        caNumero: '35529',
        caValidade: '2030-01-01',
        tamanho: 'G',
        vidaUtilDias: 365,
      },
    ])
    .returning({ id: epiItems.id });
  cinto = items[0]!.id;
  capacete = items[1]!.id;
  // The technician holds the same belt in another size (counts) and no helmet.
  await t.database.db.insert(epiDeliveries).values({
    itemId: items[2]!.id,
    colaboradorId: w.s.equipe.id,
    data: '2026-01-10',
    quantidade: 1,
    motivo: 'admissao',
  });
});
afterAll(async () => t.close());

const STEPS = [
  {
    etapa: 'Subir na escada até o telhado',
    perigos: 'Queda de altura',
    controles: 'Cinto ancorado na linha de vida',
  },
];

/** A draft APR on a new OS (team: the technician). */
async function draftApr(extra: Record<string, unknown> = {}) {
  const os = await createOs(t, w, { previsto_inicio: at(0, 0), previsto_fim: at(23, 0) });
  const res = await coord.post(`${BASE}/aprs`, {
    service_order_id: os.id,
    atividade: 'Troca de telhas no galpão',
    etapas: STEPS,
    epi_item_ids: [cinto, capacete],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { os, apr: res.json<AprOut>() };
}

type AprOut = {
  id: number;
  status: string;
  equipe: { id: number; assinado_em: string | null; latitude: number | null }[];
  avisos_epi: { pessoa: { id: number }; epi: string; texto: string }[];
  pode_assinar: boolean;
  pode_editar: boolean;
};
type PtOut = {
  id: number;
  status: string;
  acoes: string[];
  vigente: boolean;
  eventos: { para: string }[];
};

/** A signed APR on a new OS. */
async function signedApr() {
  const { os, apr } = await draftApr();
  expect((await coord.post(`${BASE}/aprs/${apr.id}/enviar`)).statusCode).toBe(200);
  const s = await tech.post(`${BASE}/aprs/${apr.id}/assinar`, { concordo: true });
  expect(s.statusCode, s.body).toBe(200);
  return { os, apr: s.json<AprOut>() };
}

/** A shift around now (hours from now), kept inside today's company day. */
const shift = (from = -1, to = 1) => {
  const now = Date.now();
  const dayStart = Date.parse(at(0, 0));
  const dayEnd = dayStart + 86_400_000 - 60_000;
  return {
    inicio: new Date(Math.max(now + from * 3_600_000, dayStart)).toISOString(),
    fim: new Date(Math.min(now + to * 3_600_000, dayEnd)).toISOString(),
  };
};

/** A PT issued by the coordinator on a signed APR, its shift around now. */
async function issuedPt(aprId: number, extra: Record<string, unknown> = {}) {
  const res = await coord.post(`${BASE}/pts`, {
    tipo: 'altura',
    apr_id: aprId,
    ...shift(),
    medidas: ['Linha de vida instalada e inspecionada'],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PtOut>();
}

describe('APR', () => {
  it('takes the OS team, warns about EPIs not received, and is signed by each member once', async () => {
    const { os, apr } = await draftApr();
    expect(apr.status).toBe('rascunho');
    expect(apr.equipe.map((e) => e.id)).toEqual([w.s.equipe.id]);
    // The belt of another size counts; the helmet was never delivered.
    expect(apr.avisos_epi).toEqual([
      expect.objectContaining({
        epi: 'Capacete com jugular',
        pessoa: expect.objectContaining({ id: w.s.equipe.id }),
      }),
    ]);
    expect(apr.avisos_epi[0]!.texto).toContain('não recebeu Capacete com jugular');

    const early = await tech.post(`${BASE}/aprs/${apr.id}/assinar`, { concordo: true });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: string }>().error).toContain('rascunho');

    const sent = await coord.post(`${BASE}/aprs/${apr.id}/enviar`);
    expect(sent.json<AprOut>().status).toBe('em_assinatura');
    const mine = (await tech.get(`${BASE}/aprs/${apr.id}`)).json<AprOut>();
    expect(mine.pode_assinar).toBe(true);
    // The OS page asks for the APRs of its OS that wait for me: the OS id in a query string.
    const ofOs = await tech.get(`${BASE}/aprs?status=em_assinatura&service_order_id=${os.id}`);
    expect(ofOs.statusCode, ofOs.body).toBe(200);
    expect(ofOs.json<{ items: { id: number; pode_assinar: boolean }[] }>().items).toEqual([
      expect.objectContaining({ id: apr.id, pode_assinar: true }),
    ]);

    const signed = await tech.post(`${BASE}/aprs/${apr.id}/assinar`, {
      concordo: true,
      latitude: -23.5,
      longitude: -46.6,
      precisao_m: 12,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const out = signed.json<AprOut>();
    expect(out.status).toBe('assinada');
    expect(out.equipe[0]!.assinado_em).not.toBeNull();
    expect(out.equipe[0]!.latitude).toBe(-23.5);

    const twice = await tech.post(`${BASE}/aprs/${apr.id}/assinar`, { concordo: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: string }>().error).toBe('Você já assinou esta APR.');
  });

  it('refuses signing by someone off the team, without agreeing, and editing once sent', async () => {
    const { apr } = await draftApr();
    await coord.post(`${BASE}/aprs/${apr.id}/enviar`);
    expect(
      (await coord.post(`${BASE}/aprs/${apr.id}/assinar`, { concordo: true })).statusCode,
    ).toBe(403);
    const noAgree = await tech.post(`${BASE}/aprs/${apr.id}/assinar`, { concordo: false });
    expect(noAgree.statusCode).toBe(400);
    expect(noAgree.json<{ error: string }>().error).toContain('Confirme');
    const edit = await coord.put(`${BASE}/aprs/${apr.id}`, {
      service_order_id: (
        await t.database.db.select().from(sstAprs).where(eq(sstAprs.id, apr.id))
      )[0]!.serviceOrderId,
      atividade: 'Outra',
      etapas: STEPS,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('refuses an archived (signed) APR edit and bad input with Portuguese messages, writing nothing', async () => {
    const { os, apr } = await signedApr();
    const edit = await coord.put(`${BASE}/aprs/${apr.id}`, {
      service_order_id: os.id,
      atividade: 'Outra atividade',
      etapas: STEPS,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ error: string }>().error).toBe('APR assinada: somente leitura.');
    const before = (await t.database.db.select().from(sstAprs)).length;
    for (const body of [
      { service_order_id: os.id, atividade: 'Ok atividade', etapas: [] },
      { service_order_id: 2 ** 31, atividade: 'Ok atividade', etapas: STEPS },
      { service_order_id: '0x10', atividade: 'Ok atividade', etapas: STEPS },
      { service_order_id: os.id, atividade: 'Nul\u0000', etapas: STEPS },
      { atividade: 'Sem vínculo', etapas: STEPS },
      { service_order_id: os.id, atividade: 'Ok atividade', etapas: STEPS, epi_item_ids: [999999] },
      { service_order_id: os.id, atividade: 'Ok atividade', etapas: STEPS, pessoas: [999999] },
    ]) {
      const res = await coord.post(`${BASE}/aprs`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/[ãçéíóú]|Informe|inválid/);
    }
    expect((await t.database.db.select().from(sstAprs)).length).toBe(before);
  });

  it('gives a PDF with the company and its CNPJ, the steps and who signed', async () => {
    const { apr } = await signedApr();
    const settings = await ti.put('/api/empresa', {
      nome: 'Serviços de Campo Ltda.',
      cnpj: '11.222.333/0001-81',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const res = await tech.get(`${BASE}/aprs/${apr.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Análise Preliminar de Risco');
    expect(text).toContain('Serviços de Campo Ltda. — CNPJ 11.222.333/0001-81');
    expect(text).toContain('Queda de altura');
    expect(text).toContain('assinou em');
    // A one-size item reads "tam. único", never "tam. U" or "tam. Único".
    expect(text).toContain('Capacete com jugular (tam. único, CA 31469)');
    expect(text).toContain('Cinto paraquedista (tam. M, CA 35529)');
    // Brazilian typographic quotes around the accepted text, not straight ones.
    expect(text).toContain('Texto aceito: “Li e concordo');
  });
  it('takes the site and the planned date of its OS when the APR has no place of its own', async () => {
    const os = await createOs(t, w, { previsto_inicio: at(7, 2), previsto_fim: at(11, 2) });
    const res = await coord.post(`${BASE}/aprs`, {
      service_order_id: os.id,
      atividade: 'Limpeza da casa de máquinas',
      etapas: STEPS,
    });
    expect(res.statusCode, res.body).toBe(201);
    const apr = res.json<AprOut>();
    // As the demo data stores it: the place left to the OS.
    await t.database.db.update(sstAprs).set({ local: null }).where(eq(sstAprs.id, apr.id));
    const day = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(at(7, 2)));
    const detail = (await coord.get(`${BASE}/aprs/${apr.id}`)).json<{
      local: string | null;
      os: { local: string; previsto_inicio: string; previsto_fim: string };
    }>();
    expect(detail.local).toBeNull();
    expect(detail.os).toMatchObject({
      local: 'Shopping Norte, casa de máquinas',
      previsto_inicio: at(7, 2),
      previsto_fim: at(11, 2),
    });
    const text = pdfText((await coord.get(`${BASE}/aprs/${apr.id}/pdf`)).rawPayload);
    expect(text).toContain('Local: \nShopping Norte, casa de máquinas');
    expect(text).toContain(`Data prevista: \n${day}, 07:00 a ${day}, 11:00`);
    expect(text).toContain(`OS: \n${os.codigo}`);
  });

  it('lists each APR with its site, planned period and customer, to tell them apart', async () => {
    const os = await createOs(t, w, { previsto_inicio: at(8, 3), previsto_fim: at(12, 3) });
    const res = await coord.post(`${BASE}/aprs`, {
      service_order_id: os.id,
      atividade: 'Inspeção do telhado do bloco C',
      etapas: STEPS,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<AprOut>();
    const list = await coord.get(`${BASE}/aprs?busca=bloco%20C&perPage=100`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({
        id,
        cliente: 'Shopping Norte',
        agendamento: null,
        os: {
          id: os.id,
          codigo: os.codigo,
          local: 'Shopping Norte, casa de máquinas',
          previsto_inicio: at(8, 3),
          previsto_fim: at(12, 3),
        },
        assinaturas: 0,
        equipe_total: 1,
      }),
    ]);
  });
});

describe('PT', () => {
  it('is issued on a sent APR, approved by another authorised person, closed and archived', async () => {
    const { apr } = await signedApr();
    const pt = await issuedPt(apr.id);
    expect(pt.status).toBe('emitida');
    expect(pt.acoes).toContain('editar');
    // Gerentes hear that a PT waits for them.
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, w.s.gerente.id));
    expect(bell.some((n) => n.customText?.includes(`PT nº ${pt.id}`))).toBe(true);

    const seen = (await gerente.get(`${BASE}/pts/${pt.id}`)).json<PtOut>();
    expect(seen.acoes).toEqual(['aprovar', 'recusar']);
    const ok = await gerente.post(`${BASE}/pts/${pt.id}/decisao`, { decisao: 'aprovar' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<PtOut>().status).toBe('aprovada');
    expect(ok.json<PtOut>().vigente).toBe(true);

    const closed = await coord.post(`${BASE}/pts/${pt.id}/encerrar`, {
      observacao: 'Serviço concluído',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const out = closed.json<PtOut>();
    expect(out.status).toBe('encerrada');
    expect(out.eventos.map((e) => e.para)).toEqual(['emitida', 'aprovada', 'encerrada']);

    const edit = await coord.put(`${BASE}/pts/${pt.id}`, {
      tipo: 'altura',
      apr_id: apr.id,
      ...shift(),
      medidas: ['Outra medida'],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ error: string }>().error).toBe('PT arquivada: somente leitura.');
    const again = await coord.post(`${BASE}/pts/${pt.id}/encerrar`, {});
    expect(again.statusCode).toBe(409);

    const pdf = await tech.get(`${BASE}/pts/${pt.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Permissão de Trabalho');
    expect(text).toContain('Linha de vida instalada e inspecionada');
    // Says what the decision was, not a bare "Decisão".
    expect(text).toContain('Aprovada por: ');
    expect(text).not.toContain('Decisão');
  });

  it('refuses approving your own PT, refusing without a reason, and approving on an unsigned APR', async () => {
    const { apr } = await signedApr();
    const own = await gerente.post(`${BASE}/pts`, {
      tipo: 'altura',
      apr_id: apr.id,
      ...shift(),
      medidas: ['Linha de vida'],
    });
    expect(own.statusCode, own.body).toBe(201);
    const id = own.json<PtOut>().id;
    const self = await gerente.post(`${BASE}/pts/${id}/decisao`, { decisao: 'aprovar' });
    expect(self.statusCode).toBe(403);
    expect(self.json<{ error: string }>().error).toBe(
      'Você não pode aprovar ou recusar a própria PT.',
    );
    const noReason = await diretoria.post(`${BASE}/pts/${id}/decisao`, { decisao: 'recusar' });
    expect(noReason.statusCode).toBe(400);
    const refused = await diretoria.post(`${BASE}/pts/${id}/decisao`, {
      decisao: 'recusar',
      comentario: 'Falta o plano de resgate.',
    });
    expect(refused.json<PtOut>().status).toBe('recusada');

    const { apr: pending } = await draftApr();
    await coord.post(`${BASE}/aprs/${pending.id}/enviar`);
    const pt = await issuedPt(pending.id);
    const early = await gerente.post(`${BASE}/pts/${pt.id}/decisao`, { decisao: 'aprovar' });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: string }>().error).toContain('ainda não foi assinada');
  });

  it('refuses shifts that end before they start, span two days, or are already over', async () => {
    const { apr } = await signedApr();
    const before = (await t.database.db.select().from(sstPts)).length;
    const day = (h: number, d = 1) => at(h, d);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ inicio: day(10), fim: day(8) }, /fim do turno deve ser depois do início/],
      [{ inicio: day(8), fim: day(8, 2) }, /mesmo dia/],
      [{ inicio: day(20), fim: day(6, 2) }, /mesmo dia/],
      [{ inicio: at(0, 0), fim: new Date(Date.now() - 60_000).toISOString() }, /já terminou/],
      [{ inicio: '0000-01-01T08:00:00Z', fim: day(9) }, /início do turno/],
      [{ inicio: day(8), fim: '2026-02-30T10:00:00Z' }, /fim do turno/],
      [{ inicio: day(8), fim: day(9), apr_id: 2 ** 31 }, /APR/],
      [{ inicio: day(8), fim: day(9), tipo: 'mergulho' }, /Tipo de PT inválido/],
      [{ inicio: day(8), fim: day(9), medidas: [] }, /medida/],
    ];
    for (const [extra, msg] of cases) {
      const res = await coord.post(`${BASE}/pts`, {
        tipo: 'altura',
        apr_id: apr.id,
        medidas: ['Linha de vida'],
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(msg);
    }
    expect((await t.database.db.select().from(sstPts)).length).toBe(before);
  });

  it('refuses a PT on an APR still in draft', async () => {
    const { apr } = await draftApr();
    const res = await coord.post(`${BASE}/pts`, {
      tipo: 'altura',
      apr_id: apr.id,
      ...shift(),
      medidas: ['Linha'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toContain('rascunho');
  });

  it('expires open PTs whose shift ended, once, and refuses approving them', async () => {
    const { apr } = await signedApr();
    const pt = await issuedPt(apr.id);
    const approved = await issuedPt(apr.id);
    await gerente.post(`${BASE}/pts/${approved.id}/decisao`, { decisao: 'aprovar' });
    const later = new Date(Date.now() + 2 * 3_600_000);
    const service = createPtService(serviceDepsOf(t));
    expect(await service.expireOnce(later)).toBeGreaterThanOrEqual(2);
    expect(await service.expireOnce(later)).toBe(0);
    for (const id of [pt.id, approved.id]) {
      const out = (await coord.get(`${BASE}/pts/${id}`)).json<PtOut>();
      expect(out.status).toBe('expirada');
      const events = await t.database.db.select().from(sstPtEvents).where(eq(sstPtEvents.ptId, id));
      expect(events.filter((e) => e.toStatus === 'expirada')).toHaveLength(1);
    }
    const late = await gerente.post(`${BASE}/pts/${pt.id}/decisao`, { decisao: 'aprovar' });
    expect(late.statusCode).toBe(409);
  });
});

describe('PT gate on OS check-in', () => {
  it('refuses check-in without an approved PT, allows it inside the shift, refuses after the shift', async () => {
    const type = await coord.post('/api/tatico/os/tipos', {
      nome: 'Troca de telhado (altura)',
      itens: [{ titulo: 'Linha de vida ok', tipo: 'sim_nao' }],
    });
    expect(type.statusCode, type.body).toBe(201);
    const typeId = type.json<{ id: number }>().id;
    const flag = await coord.put(`${BASE}/pt-tipos-servico/${typeId}`, { exige_pt: 'altura' });
    expect(flag.statusCode, flag.body).toBe(204);
    const list = (await coord.get(`${BASE}/pt-tipos-servico`)).json<{
      items: { id: number; exige_pt: string | null }[];
    }>();
    expect(list.items.find((i) => i.id === typeId)?.exige_pt).toBe('altura');

    const os = await createOs(t, w, {
      service_type_id: typeId,
      previsto_inicio: at(0, 0),
      previsto_fim: at(23, 0),
    });
    const checkIn = (extra: Record<string, unknown> = {}) =>
      tech.post(`/api/tatico/os/${os.id}/etapas`, {
        acao: 'check_in',
        latitude: -23.5,
        longitude: -46.6,
        ...extra,
      });

    const none = await checkIn();
    expect(none.statusCode).toBe(409);
    expect(none.json<{ error: string }>().error).toContain(
      'exige permissão de trabalho (trabalho em altura)',
    );

    const apr = await coord.post(`${BASE}/aprs`, {
      service_order_id: os.id,
      atividade: 'Troca de telhas',
      etapas: STEPS,
    });
    const aprId = apr.json<{ id: number }>().id;
    await coord.post(`${BASE}/aprs/${aprId}/enviar`);
    await tech.post(`${BASE}/aprs/${aprId}/assinar`, { concordo: true });
    const pt = await issuedPt(aprId);
    const pending = await checkIn();
    expect(pending.statusCode).toBe(409);
    expect(pending.json<{ error: string }>().error).toContain('aguarda aprovação');

    await gerente.post(`${BASE}/pts/${pt.id}/decisao`, { decisao: 'aprovar' });
    // The shift is over (moved into the past as time would): refused, nothing written.
    const real = (await t.database.db.select().from(sstPts).where(eq(sstPts.id, pt.id)))[0]!;
    await t.database.db
      .update(sstPts)
      .set({ inicio: new Date(Date.parse(at(0, 0))), fim: new Date(Date.now() - 60_000) })
      .where(eq(sstPts.id, pt.id));
    const after = await checkIn();
    expect(after.statusCode, after.body).toBe(409);
    expect(after.json<{ error: string }>().error).toContain('vale só no turno');
    expect((await tech.get(`/api/tatico/os/${os.id}`)).json<{ status: string }>().status).toBe(
      'aberta',
    );
    await t.database.db
      .update(sstPts)
      .set({ inicio: real.inicio, fim: real.fim })
      .where(eq(sstPts.id, pt.id));
    const ok = await checkIn();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ status: string }>().status).toBe('em_execucao');
  });

  it('does not touch OSs whose service type needs no PT', async () => {
    const os = await createOs(t, w, { previsto_inicio: at(0, 0), previsto_fim: at(23, 0) });
    const res = await tech.post(`/api/tatico/os/${os.id}/etapas`, {
      acao: 'check_in',
      latitude: -23.5,
      longitude: -46.6,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('permissions', () => {
  it('follows the table of who may see, write, issue, approve and close', async () => {
    const { apr } = await signedApr();
    const pt = await issuedPt(apr.id);
    const aprBody = {
      service_order_id: (await createOs(t, w)).id,
      atividade: 'Permissões',
      etapas: STEPS,
    };
    const ptBody = { tipo: 'altura', apr_id: apr.id, ...shift(), medidas: ['Linha'] };
    type Call = (c: ReturnType<typeof client>) => Promise<{ statusCode: number }>;
    const rows: Array<[string, Call, Record<string, number>]> = [
      [
        'list APRs',
        (c) => c.get(`${BASE}/aprs`),
        {
          ti: 403,
          equipe: 200,
          coordenador: 200,
          gerente: 200,
          diretoria: 200,
          administrador: 403,
          financeiro: 403,
        },
      ],
      [
        'see an APR',
        (c) => c.get(`${BASE}/aprs/${apr.id}`),
        { ti: 403, equipe: 200, coordenador: 200, gerente: 200, diretoria: 200 },
      ],
      [
        'write an APR',
        (c) => c.post(`${BASE}/aprs`, aprBody),
        { ti: 403, equipe: 403, coordenador: 201, gerente: 201, diretoria: 201 },
      ],
      [
        'issue a PT',
        (c) => c.post(`${BASE}/pts`, ptBody),
        { ti: 403, equipe: 403, coordenador: 201, gerente: 201, diretoria: 201 },
      ],
      [
        'see a PT',
        (c) => c.get(`${BASE}/pts/${pt.id}`),
        { ti: 403, equipe: 200, coordenador: 200, gerente: 200, diretoria: 200 },
      ],
      [
        'approve a PT',
        (c) => c.post(`${BASE}/pts/${pt.id}/decisao`, { decisao: 'recusar' }),
        { ti: 403, equipe: 403, coordenador: 403, gerente: 400, diretoria: 400 },
      ],
      [
        'set PT of a service type',
        (c) => c.put(`${BASE}/pt-tipos-servico/${w.tipo.id}`, { exige_pt: null }),
        { ti: 403, equipe: 403, coordenador: 204, gerente: 204 },
      ],
    ];
    for (const [what, call, expected] of rows) {
      for (const [role, status] of Object.entries(expected)) {
        const c = client(t, w.s[role as keyof typeof w.s].cookie);
        expect((await call(c)).statusCode, `${what} as ${role}`).toBe(status);
      }
    }
    // Equipe sees only what they are on.
    const other = await coord.post(`${BASE}/aprs`, { ...aprBody, pessoas: [w.s.coordenador.id] });
    const otherId = other.json<{ id: number }>().id;
    expect((await tech.get(`${BASE}/aprs/${otherId}`)).statusCode).toBe(404);
    const mine = (await tech.get(`${BASE}/aprs?perPage=100`)).json<{ items: { id: number }[] }>();
    expect(mine.items.some((i) => i.id === otherId)).toBe(false);
    expect(mine.items.some((i) => i.id === apr.id)).toBe(true);
    // Closing: the responsible or an approver, not another coordinator.
    await gerente.post(`${BASE}/pts/${pt.id}/decisao`, { decisao: 'aprovar' });
    const another = await client(t, (await anotherCoordinator()).cookie).post(
      `${BASE}/pts/${pt.id}/encerrar`,
      {},
    );
    expect(another.statusCode).toBe(403);
    expect((await diretoria.post(`${BASE}/pts/${pt.id}/encerrar`, {})).statusCode).toBe(200);
    expect((await ti.get(`${BASE}/pts/${pt.id}/pdf`)).statusCode).toBe(403);
  });
});

/** A person of `role` linked to one contract (default: the OSs' contract A). */
async function personOn(role: string, nome: string, contractId = w.contractA) {
  const u = await createUser(t, { role, nome });
  await t.database.db.insert(userContracts).values({ userId: u.id, contractId });
  return { id: u.id, cookie: await login(t, u.email) };
}

const anotherCoordinator = () => personOn('Coordenador', 'Outra Coordenadora');

describe('contract scope', () => {
  it('a gestor of another contract neither sees nor acts on APRs and PTs of this one (404), nor links to its OSs', async () => {
    const { os, apr } = await signedApr();
    const pt = await issuedPt(apr.id);
    const outsider = client(
      t,
      (await personOn('Gerente', 'Gerente de Outro Contrato', w.contractB)).cookie,
    );
    expect((await outsider.get(`${BASE}/aprs/${apr.id}`)).statusCode).toBe(404);
    expect((await outsider.get(`${BASE}/pts/${pt.id}`)).statusCode).toBe(404);
    expect((await outsider.get(`${BASE}/pts/${pt.id}/pdf`)).statusCode).toBe(404);
    const aprs = (await outsider.get(`${BASE}/aprs?perPage=100`)).json<{
      items: { id: number }[];
    }>();
    expect(aprs.items.some((i) => i.id === apr.id)).toBe(false);
    const pts = (await outsider.get(`${BASE}/pts?perPage=100`)).json<{ items: { id: number }[] }>();
    expect(pts.items.some((i) => i.id === pt.id)).toBe(false);
    const decide = await outsider.post(`${BASE}/pts/${pt.id}/decisao`, { decisao: 'aprovar' });
    expect(decide.statusCode).toBe(404);
    expect((await outsider.post(`${BASE}/pts/${pt.id}/encerrar`, {})).statusCode).toBe(404);
    const link = await outsider.post(`${BASE}/aprs`, {
      service_order_id: os.id,
      atividade: 'Fora do contrato',
      etapas: STEPS,
    });
    expect(link.statusCode).toBe(400);
    expect(link.json<{ error: string }>().error).toBe('OS não encontrada.');
    const issue = await outsider.post(`${BASE}/pts`, {
      tipo: 'altura',
      apr_id: apr.id,
      ...shift(),
      medidas: ['Linha'],
    });
    expect(issue.statusCode).toBe(400);
    expect(issue.json<{ error: string }>().error).toBe('APR não encontrada.');
    const [row] = await t.database.db.select().from(sstPts).where(eq(sstPts.id, pt.id));
    expect(row!.status).toBe('emitida');

    // A gerente of the same contract who did not issue it sees it and may decide.
    const inside = client(t, (await personOn('Gerente', 'Gerente do Contrato')).cookie);
    expect((await inside.get(`${BASE}/aprs/${apr.id}`)).statusCode).toBe(200);
    const ok = await inside.post(`${BASE}/pts/${pt.id}/decisao`, { decisao: 'aprovar' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
