import { ROLES, rolesFor, todayIn, addDaysTo, type RequestStatus } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, notifications, userContracts } from '../../db/schema/index.ts';
import { createTestApp, createUser, login, spa, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
let diretoria: ReturnType<typeof client>;
let contractA: number;
let contractB: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  gerente = client(t, s.gerente.cookie);
  diretoria = client(t, s.diretoria.cookie);
  const rows = await t.database.db
    .insert(contracts)
    .values([
      { codigo: 'CT-A', nome: 'Contrato A', cliente: 'Cliente A' },
      { codigo: 'CT-B', nome: 'Contrato B', cliente: 'Cliente B' },
    ])
    .returning({ id: contracts.id });
  contractA = rows[0]!.id;
  contractB = rows[1]!.id;
  // coordenador and gerente are linked to A only; B is out of their scope.
  await t.database.db.insert(userContracts).values([
    { userId: s.coordenador.id, contractId: contractA },
    { userId: s.gerente.id, contractId: contractA },
  ]);
});
afterAll(async () => t.close());

async function open(c = coord, extra: Record<string, unknown> = {}) {
  const res = await c.post('/api/solicitacoes', {
    tipo: 'material',
    descricao: 'Cabos e conectores para a obra',
    urgencia: 'alta',
    contract_id: contractA,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().solicitacao as { id: number; status: RequestStatus };
}
const step = (
  c: ReturnType<typeof client>,
  id: number,
  status: RequestStatus,
  comentario?: string,
) => c.post(`/api/solicitacoes/${id}/status`, { status, ...(comentario ? { comentario } : {}) });

function multipart(name: string, data: Buffer) {
  const boundary = '----eprotoSolicitacao';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('permission table of /api/solicitacoes', () => {
  const allowed = rolesFor('/solicitacoes');
  it.each(ROLES.map((r) => [r, allowed.includes(r)] as const))('%s: %s', async (role, ok) => {
    const mine = await open(gerente);
    const c = client(t, s[role].cookie);
    expect((await c.get('/api/solicitacoes')).statusCode).toBe(ok ? 200 : 403);
    expect((await c.get(`/api/solicitacoes/${mine.id}`)).statusCode).toBe(
      ok ? (role === 'coordenador' || role === 'diretoria' || role === 'gerente' ? 200 : 404) : 403,
    );
    const created = await c.post('/api/solicitacoes', {
      tipo: 'outro',
      descricao: 'Pedido qualquer',
    });
    expect(created.statusCode).toBe(ok ? 201 : 403);
    const moved = await step(c, mine.id, 'em_analise');
    expect(moved.statusCode).toBe(ok ? 200 : 403);
  });
});

describe('explicit denials', () => {
  it('roles outside /solicitacoes get 403 on attachments too', async () => {
    const req = await open(gerente);
    for (const role of ROLES.filter((r) => !rolesFor('/solicitacoes').includes(r))) {
      const form = multipart('nota.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
      const up = await t.app.inject({
        method: 'POST',
        url: `/api/solicitacoes/${req.id}/anexos`,
        payload: form.payload,
        headers: { ...spa, cookie: s[role].cookie, ...form.headers },
      });
      expect(up.statusCode, role).toBe(403);
      expect(
        (await client(t, s[role].cookie).get(`/api/solicitacoes/${req.id}/anexos/1`)).statusCode,
        role,
      ).toBe(403);
    }
  });
});

describe('creation', () => {
  it('opens with who and when, and notifies the coordenadores/gerentes of the contract', async () => {
    const r = await coord.post('/api/solicitacoes', {
      tipo: 'veiculo',
      descricao: 'Veículo para a vistoria de sexta',
      urgencia: 'urgente',
      contract_id: contractA,
    });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body.solicitacao).toMatchObject({
      tipo: 'veiculo',
      status: 'aberta',
      urgencia: 'urgente',
      contrato: { id: contractA, codigo: 'CT-A' },
      solicitante: { id: s.coordenador.id },
    });
    expect(body.eventos).toEqual([
      expect.objectContaining({
        de: null,
        para: 'aberta',
        usuario: { id: s.coordenador.id, nome: 'Pessoa Coordenador' },
      }),
    ]);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, s.gerente.id));
    expect(
      notes.some((n) =>
        n.customText?.includes(
          `Nova solicitação #${body.solicitacao.id} (Veículo, urgência urgente)`,
        ),
      ),
    ).toBe(true);
  });

  it('refuses bad input with Portuguese messages and writes nothing', async () => {
    const before = (await diretoria.get('/api/solicitacoes')).json().items.length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ tipo: 'ferias', descricao: 'Quero férias' }, /Tipo inválido/],
      [{ tipo: 'material', descricao: 'oi' }, /mínimo de 5/],
      [{ tipo: 'reembolso', descricao: 'Táxi até a obra' }, /Informe o valor do reembolso/],
      [{ tipo: 'reembolso', descricao: 'Táxi até a obra', valor: 10.555 }, /2 casas decimais/],
      [
        { tipo: 'material', descricao: 'Material do contrato B', contract_id: contractB },
        /Contrato não encontrado/,
      ],
      [
        { tipo: 'material', descricao: 'Urgência estranha', urgencia: 'ontem' },
        /Urgência inválida/,
      ],
    ];
    for (const [payload, msg] of cases) {
      const res = await coord.post('/api/solicitacoes', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(msg);
    }
    expect((await diretoria.get('/api/solicitacoes')).json().items.length).toBe(before);
  });

  it('keeps the value of a reimbursement', async () => {
    const r = await coord.post('/api/solicitacoes', {
      tipo: 'reembolso',
      descricao: 'Estacionamento no cliente',
      valor: 37.5,
    });
    expect(r.json().solicitacao.valor).toBe(37.5);
  });
});

describe('workflow', () => {
  it('aberta -> em análise -> aprovada -> atendida, with who, when and comment, notifying the requester each step', async () => {
    const req = await open(gerente);
    expect(
      (await step(coord, req.id, 'em_analise', 'Verificando estoque')).json().solicitacao.status,
    ).toBe('em_analise');
    const approved = await step(coord, req.id, 'aprovada', 'Compra autorizada');
    expect(approved.statusCode).toBe(200);
    const done = await step(coord, req.id, 'atendida', 'Material entregue na obra');
    const body = done.json();
    expect(body.solicitacao.status).toBe('atendida');
    expect(
      body.eventos.map((e: { de: string | null; para: string }) => `${e.de}>${e.para}`),
    ).toEqual(['null>aberta', 'aberta>em_analise', 'em_analise>aprovada', 'aprovada>atendida']);
    expect(body.eventos[2]).toMatchObject({
      usuario: { id: s.coordenador.id },
      comentario: 'Compra autorizada',
    });
    expect(Date.parse(body.eventos[3].created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.acoes).toEqual([]);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.gerente.id), eq(notifications.type, 'other')));
    const mine = notes.filter((n) => n.customText?.startsWith(`Sua solicitação #${req.id} `));
    expect(mine.map((n) => n.customText)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /está em análise por Pessoa Coordenador\. Comentário: Verificando estoque/,
        ),
        expect.stringMatching(
          /foi aprovada por Pessoa Coordenador\. Comentário: Compra autorizada/,
        ),
        expect.stringMatching(/foi atendida por Pessoa Coordenador/),
      ]),
    );
    expect(mine).toHaveLength(3);
  });

  it('the bell of the requester gets the whole comment and opens the request', async () => {
    const req = await open(gerente);
    const long = `Verificamos o estoque do almoxarifado central. ${'Item conferido. '.repeat(40)}Fim.`;
    expect((await step(coord, req.id, 'em_analise', long)).statusCode).toBe(200);
    const bell = (await gerente.get('/api/eproto/notifications')).json<{
      items: Array<{ custom_text: string; link: string | null; mural_id: number | null }>;
    }>();
    const note = bell.items.find((n) => n.custom_text.startsWith(`Sua solicitação #${req.id} `));
    expect(note).toMatchObject({ link: `/solicitacoes?id=${req.id}`, mural_id: null });
    expect(note!.custom_text.endsWith(`Comentário: ${long}`)).toBe(true);
  });

  it('refuses skipped or backward steps, and a refusal without a reason', async () => {
    const req = await open(gerente);
    const skip = await step(coord, req.id, 'aprovada');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toBe('Uma solicitação aberta só pode passar para em análise.');
    await step(coord, req.id, 'em_analise');
    const noReason = await step(coord, req.id, 'recusada');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Informe o motivo da recusa no comentário.');
    expect(
      (await step(coord, req.id, 'recusada', 'Fora do orçamento')).json().solicitacao.status,
    ).toBe('recusada');
    const after = await step(coord, req.id, 'atendida');
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toMatch(/não pode mais mudar/);
    expect((await step(coord, req.id, 'teleportada' as RequestStatus)).statusCode).toBe(400);
  });

  it('nobody approves or refuses their own request', async () => {
    const req = await open(coord);
    await step(coord, req.id, 'em_analise');
    const own = await step(coord, req.id, 'aprovada');
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('Você não pode aprovar ou recusar a própria solicitação.');
    expect((await coord.get(`/api/solicitacoes/${req.id}`)).json().acoes).toEqual([]);
    expect((await gerente.get(`/api/solicitacoes/${req.id}`)).json().acoes).toEqual([
      'aprovada',
      'recusada',
    ]);
    expect((await step(gerente, req.id, 'aprovada')).statusCode).toBe(200);
  });

  it('two concurrent approvals: one wins, the other is told the state changed', async () => {
    const req = await open(gerente);
    await step(coord, req.id, 'em_analise');
    const [a, b] = await Promise.all([
      step(coord, req.id, 'aprovada'),
      step(diretoria, req.id, 'recusada', 'Não'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('scope', () => {
  it('coordenador sees their contracts, requests without contract and their own; diretoria sees all', async () => {
    const inB = await open(diretoria, {
      contract_id: contractB,
      descricao: 'Pedido do contrato B',
    });
    const noContract = await open(diretoria, {
      contract_id: null,
      descricao: 'Pedido sem contrato',
    });
    expect((await coord.get(`/api/solicitacoes/${inB.id}`)).statusCode).toBe(404);
    expect((await step(coord, inB.id, 'em_analise')).statusCode).toBe(404);
    const list = (await coord.get('/api/solicitacoes'))
      .json()
      .items.map((r: { id: number }) => r.id);
    expect(list).not.toContain(inB.id);
    expect(list).toContain(noContract.id);
    expect((await diretoria.get(`/api/solicitacoes/${inB.id}`)).statusCode).toBe(200);
  });

  it('filters and counts per status', async () => {
    const req = await open(gerente, { tipo: 'manutencao', descricao: 'Ar-condicionado da base' });
    const res = (await coord.get('/api/solicitacoes?tipo=manutencao&status=aberta')).json();
    expect(
      res.items.every(
        (r: { tipo: string; status: string }) => r.tipo === 'manutencao' && r.status === 'aberta',
      ),
    ).toBe(true);
    expect(res.items.some((r: { id: number }) => r.id === req.id)).toBe(true);
    expect(res.contagem.aberta).toBeGreaterThanOrEqual(1);
    expect(Object.keys(res.contagem).sort()).toEqual([
      'aberta',
      'aprovada',
      'atendida',
      'em_analise',
      'recusada',
    ]);
    const mine = (await gerente.get('/api/solicitacoes?minhas=true')).json().items;
    expect(
      mine.every((r: { solicitante: { id: number } }) => r.solicitante.id === s.gerente.id),
    ).toBe(true);
  });
});

describe('attachments', () => {
  it('uploads a PDF, lists it and downloads it; refuses executables', async () => {
    const req = await open(gerente);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const form = multipart('orçamento.pdf', pdf);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/solicitacoes/${req.id}/anexos`,
      payload: form.payload,
      headers: { ...spa, cookie: s.gerente.cookie, ...form.headers },
    });
    expect(up.statusCode, up.body).toBe(201);
    const att = up.json().anexos[0];
    expect(att).toMatchObject({
      nome: 'orçamento.pdf',
      mime: 'application/pdf',
      enviado_por: { id: s.gerente.id },
    });
    expect(up.json().solicitacao.anexos).toBe(1);
    const down = await coord.get(`/api/solicitacoes/${req.id}/anexos/${att.id}`);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-disposition']).toMatch(/^attachment;/);
    expect(down.rawPayload.equals(pdf)).toBe(true);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/solicitacoes/${req.id}/anexos`,
      payload: multipart('virus.exe', exe).payload,
      headers: { ...spa, cookie: s.gerente.cookie, ...multipart('virus.exe', exe).headers },
    });
    expect(bad.statusCode).toBe(415);
    expect((await coord.get(`/api/solicitacoes/${req.id}/anexos/999999`)).statusCode).toBe(404);
  });
});

describe('EPI replacement requested by equipe', () => {
  it('opens an EPI solicitação the coordenador approves, notifying the employee', async () => {
    const equipeUser = await createUser(t, { role: 'Equipe de Campo', nome: 'Joana Campo' });
    const equipe = client(t, await login(t, equipeUser.email));
    const today = todayIn('America/Sao_Paulo');
    const item = (
      await coord.post('/api/tatico/epi/itens', {
        nome: 'Luva nitrílica',
        ca_numero: '22222',
        ca_validade: addDaysTo(today, 200),
        tamanho: 'M',
        vida_util_dias: 30,
        estoque_inicial: 5,
      })
    ).json();
    const d = (
      await coord.post('/api/tatico/epi/entregas', {
        colaborador_id: equipeUser.id,
        item_id: item.id,
        data: today,
        quantidade: 1,
        motivo: 'admissao',
      })
    ).json();

    expect((await equipe.get('/api/solicitacoes')).statusCode).toBe(403);
    const bad = await equipe.post(`/api/tatico/epi/entregas/${d.id}/substituicao`, {
      motivo: 'capricho',
    });
    expect(bad.statusCode).toBe(400);
    const asked = await equipe.post(`/api/tatico/epi/entregas/${d.id}/substituicao`, {
      motivo: 'dano',
      descricao: 'Rasgou na palma.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().entrega.substituicao_solicitada).toBe(true);
    const again = await equipe.post(`/api/tatico/epi/entregas/${d.id}/substituicao`, {
      motivo: 'dano',
    });
    expect(again.statusCode).toBe(409);
    const foreign = await client(t, s.equipe.cookie).post(
      `/api/tatico/epi/entregas/${d.id}/substituicao`,
      { motivo: 'dano' },
    );
    expect(foreign.statusCode).toBe(404);

    const id = asked.json().solicitacao_id as number;
    const seen = (await coord.get(`/api/solicitacoes/${id}`)).json();
    expect(seen.solicitacao).toMatchObject({
      tipo: 'epi',
      urgencia: 'alta',
      epi_entrega_id: d.id,
      solicitante: { id: equipeUser.id },
      contrato: null,
    });
    expect(seen.solicitacao.descricao).toMatch(
      /Troca de EPI: 1 × Luva nitrílica \(tamanho M, CA 22222\).*Motivo da troca: dano\. Rasgou na palma\./,
    );
    await step(coord, id, 'em_analise');
    expect((await step(coord, id, 'aprovada', 'Retire no almoxarifado')).statusCode).toBe(200);
    const mine = (await equipe.get('/api/tatico/epi/minhas-solicitacoes')).json().items;
    expect(mine).toEqual([expect.objectContaining({ id, status: 'aprovada' })]);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, equipeUser.id));
    expect(
      notes.some((n) =>
        n.customText?.includes(
          `Sua solicitação #${id} (EPI) foi aprovada por Pessoa Coordenador. Comentário: Retire no almoxarifado`,
        ),
      ),
    ).toBe(true);
  });
});
