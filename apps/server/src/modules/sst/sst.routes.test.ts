import fs from 'node:fs';
import path from 'node:path';
import { addDaysTo, addMonthsTo, ROLES, todayIn, type Role } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, sstAsos, sstTrainingRecords, users } from '../../db/schema/index.ts';
import { createTestApp, createUser, login, spa, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../chat/chat-test-kit.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

const today = todayIn('America/Sao_Paulo');
let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
let nr35: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  gerente = client(t, s.gerente.cookie);
  const list = (await coord.get('/api/tatico/sst/treinamentos')).json<{
    items: { id: number; codigo: string; validade_meses: number }[];
  }>();
  nr35 = list.items.find((i) => i.codigo === 'NR-35')!.id;
});
afterAll(async () => t.close());

async function worker(nome = 'João Pereira') {
  const u = await createUser(t, { role: 'Equipe', nome });
  return { id: u.id, email: u.email, cookie: await login(t, u.email) };
}

function aso(userId: number, extra: Record<string, unknown> = {}) {
  return {
    user_id: userId,
    tipo: 'periodico',
    data: addDaysTo(today, -30),
    resultado: 'apto_restricoes',
    restricoes: 'Evitar esforço com carga acima de 20 kg.',
    medico: 'Dra. Ana Souza',
    crm: '123456/SP',
    ...extra,
  };
}

describe('catalogue', () => {
  it('comes with the NR trainings and their default validity, editable', async () => {
    const items = (await coord.get('/api/tatico/sst/treinamentos')).json<{
      items: { id: number; codigo: string; validade_meses: number }[];
    }>().items;
    const months = Object.fromEntries(items.map((i) => [i.codigo, i.validade_meses]));
    expect(months).toMatchObject({ 'NR-10': 24, 'NR-10 SEP': 24, 'NR-35': 24, 'NR-33 Vigia': 12 });
    expect(items.map((i) => i.codigo)).toEqual(
      expect.arrayContaining([
        'NR-12',
        'NR-11',
        'NR-18',
        'NR-20',
        'Primeiros socorros',
        'Direção defensiva',
      ]),
    );
    const zero = await coord.post('/api/tatico/sst/treinamentos', {
      codigo: 'NR-06',
      nome: 'EPI',
      validade_meses: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error).toBe('A validade deve ser de pelo menos 1 mês.');
    const dup = await coord.post('/api/tatico/sst/treinamentos', {
      codigo: 'nr-35',
      nome: 'X',
      validade_meses: 12,
    });
    expect(dup.statusCode).toBe(409);
  });
});

describe('training records', () => {
  it('computes validity from the catalogue and refuses a future date, writing nothing', async () => {
    const w = await worker();
    const ok = await coord.post('/api/tatico/sst/registros', {
      user_id: w.id,
      training_id: nr35,
      data: '2025-01-31',
      carga_horaria: 8,
      instrutor: 'SENAI Campinas',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ validade: '2027-01-31', treinamento: { codigo: 'NR-35' } });

    const future = await coord.post('/api/tatico/sst/registros', {
      user_id: w.id,
      training_id: nr35,
      data: addDaysTo(today, 1),
      carga_horaria: 8,
      instrutor: 'SENAI',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe('A data do treinamento não pode estar no futuro.');
    const rows = await t.database.db
      .select()
      .from(sstTrainingRecords)
      .where(eq(sstTrainingRecords.userId, w.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps a PDF certificate checked by content, downloadable by the worker only', async () => {
    const w = await worker();
    const other = await worker('Outra Pessoa');
    const rec = (
      await coord.post('/api/tatico/sst/registros', {
        user_id: w.id,
        training_id: nr35,
        data: today,
        carga_horaria: 8,
        instrutor: 'SENAI',
      })
    ).json<{ id: number }>();
    const url = `/api/tatico/sst/registros/${rec.id}/certificado`;
    const fake = multipart('certificado.pdf', Buffer.from('MZ not a pdf at all'));
    const bad = await t.app.inject({
      method: 'POST',
      url,
      payload: fake.payload,
      headers: { ...spa, ...fake.headers, cookie: s.coordenador.cookie },
    });
    expect(bad.statusCode).toBe(415);
    const pdf = multipart('certificado.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF'));
    const up = await t.app.inject({
      method: 'POST',
      url,
      payload: pdf.payload,
      headers: { ...spa, ...pdf.headers, cookie: s.coordenador.cookie },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().certificado).toEqual({ nome: 'certificado.pdf' });
    const mine = await client(t, w.cookie).get(url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect((await client(t, other.cookie).get(url)).statusCode).toBe(404);

    // A replaced certificate leaves the storage: no file without a record pointing at it.
    const keyOf = async () =>
      (
        await t.database.db
          .select({ k: sstTrainingRecords.certificadoKey })
          .from(sstTrainingRecords)
          .where(eq(sstTrainingRecords.id, rec.id))
      )[0]!.k!;
    const onDisk = (key: string) => fs.existsSync(path.join(t.config.dataDir, 'uploads', key));
    const first = await keyOf();
    expect(onDisk(first)).toBe(true);
    const again = multipart('novo.pdf', Buffer.from('%PDF-1.4\n2 0 obj<<>>endobj\n%%EOF'));
    const replaced = await t.app.inject({
      method: 'POST',
      url,
      payload: again.payload,
      headers: { ...spa, ...again.headers, cookie: s.coordenador.cookie },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = await keyOf();
    expect(second).not.toBe(first);
    expect(onDisk(second)).toBe(true);
    expect(onDisk(first)).toBe(false);
  });
});

describe('ASO (health data)', () => {
  it('needs the CRM, the restrictions text and a past date', async () => {
    const w = await worker();
    const noCrm = await gerente.post('/api/tatico/sst/asos', { ...aso(w.id), crm: undefined });
    expect(noCrm.statusCode).toBe(400);
    expect(noCrm.json().error).toBe('Informe o CRM do médico.');
    const noText = await gerente.post('/api/tatico/sst/asos', { ...aso(w.id), restricoes: '' });
    expect(noText.json().error).toBe('Descreva as restrições do ASO.');
    const future = await gerente.post('/api/tatico/sst/asos', {
      ...aso(w.id),
      data: addDaysTo(today, 2),
    });
    expect(future.json().error).toBe('A data do ASO não pode estar no futuro.');
    expect(await t.database.db.select().from(sstAsos).where(eq(sstAsos.userId, w.id))).toHaveLength(
      0,
    );
  });

  it('computes the next due date by the worker periodicity (12 or 24 months)', async () => {
    const w = await worker();
    const res = await gerente.post('/api/tatico/sst/asos', {
      ...aso(w.id, { resultado: 'apto', restricoes: null }),
      data: '2025-03-10',
      periodicidade_meses: 24,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().proximo).toBe('2027-03-10');
    const bad = await gerente.put(`/api/tatico/sst/pessoas/${w.id}/periodicidade`, {
      aso_periodicidade_meses: 18,
    });
    expect(bad.statusCode).toBe(400);
    await gerente.put(`/api/tatico/sst/pessoas/${w.id}/periodicidade`, {
      aso_periodicidade_meses: 12,
    });
    const file = (await gerente.get(`/api/tatico/sst/pessoas/${w.id}`)).json();
    expect(file.asos[0].proximo).toBe('2026-03-10');
  });

  // Who sees the result and restrictions: the worker, gerente, diretoria and ti. The coordinator
  // gets the record without them; another equipe member gets 404.
  const VISIBILITY: Array<[Role | 'self' | 'other', number, boolean | null]> = [
    ['self', 200, true],
    ['gerente', 200, true],
    ['diretoria', 200, true],
    ['ti', 200, true],
    ['coordenador', 200, false],
    ['other', 404, null],
    ['administrador', 403, null],
    ['financeiro', 403, null],
  ];
  it.each(VISIBILITY)(
    '%s reads a worker ASO: %s, result shown %s; every view logged',
    async (who, status, shown) => {
      const w = await worker();
      expect((await gerente.post('/api/tatico/sst/asos', aso(w.id))).statusCode).toBe(201);
      const cookie =
        who === 'self'
          ? w.cookie
          : who === 'other'
            ? (await worker('Colega')).cookie
            : s[who].cookie;
      const viewer = who === 'self' ? w.id : who === 'other' ? null : s[who].id;
      const res = await client(t, cookie).get(
        who === 'self' ? '/api/tatico/sst/minhas' : `/api/tatico/sst/pessoas/${w.id}`,
      );
      expect(res.statusCode, res.body).toBe(status);
      if (status !== 200) return;
      const a = res.json().asos[0];
      expect(a.resultado_visivel).toBe(shown);
      expect(a.resultado).toBe(shown ? 'apto_restricoes' : null);
      expect(a.restricoes).toBe(shown ? 'Evitar esforço com carga acima de 20 kg.' : null);
      expect(a.crm).toBe('123456/SP');
      const logged = await t.database.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'sst_aso_view'), eq(activityLog.objectId, String(w.id))));
      expect(logged.map((l) => l.userId)).toEqual([viewer]);
      expect(logged[0]!.details).toMatchObject({ resultado_visivel: shown });
    },
  );

  it('only gerente and diretoria record ASOs', async () => {
    const w = await worker();
    for (const role of ROLES) {
      const res = await client(t, s[role].cookie).post('/api/tatico/sst/asos', aso(w.id));
      expect(res.statusCode, role).toBe(role === 'gerente' || role === 'diretoria' ? 201 : 403);
    }
  });
});

describe('CNH', () => {
  it('refuses a category that does not exist and keeps the toxicological validity', async () => {
    const w = await worker();
    const url = `/api/tatico/sst/pessoas/${w.id}/cnh`;
    const body = {
      numero: '12345678901',
      categoria: 'AD',
      validade: '2030-05-01',
      ear: true,
      toxicologico_data: '2025-01-15',
    };
    const bad = await coord.put(url, { ...body, categoria: 'F' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      'Categoria de CNH inexistente. Use A, B, C, D, E, AB, AC, AD ou AE.',
    );
    const ok = await coord.put(url, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      categoria: 'AD',
      ear: true,
      toxicologico_validade: '2027-07-15',
    });
    expect((await client(t, w.cookie).put(url, body)).statusCode).toBe(403);
  });
});

describe('permission table of /api/tatico/sst', () => {
  const screen: Role[] = ['coordenador', 'gerente', 'diretoria', 'equipe'];
  const manage: Role[] = ['coordenador', 'gerente', 'diretoria'];
  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const c = client(t, s[role].cookie);
    const expectStatus = (res: { statusCode: number }, allowed: boolean, ok = 200) =>
      expect(res.statusCode, `${role}`).toBe(allowed ? ok : 403);
    expectStatus(await c.get('/api/tatico/sst/treinamentos'), screen.includes(role));
    expectStatus(await c.get('/api/tatico/sst/tipos-atividade'), screen.includes(role));
    expectStatus(await c.get('/api/tatico/sst/minhas'), screen.includes(role));
    expectStatus(await c.get('/api/tatico/sst/matriz'), manage.includes(role));
    expectStatus(await c.get('/api/tatico/sst/alertas'), manage.includes(role));
    expectStatus(await c.get('/api/tatico/sst/matriz/exportar?format=xlsx'), manage.includes(role));
    expectStatus(
      await c.post('/api/tatico/sst/verificar', {
        pessoas: [],
        tipo_atividade_id: 999999,
        data: today,
      }),
      manage.includes(role),
      400,
    );
    expectStatus(
      await c.put(`/api/tatico/sst/pessoas/${s.equipe.id}/cnh`, {
        numero: '12345678901',
        categoria: 'B',
        validade: '2031-01-01',
      }),
      manage.includes(role),
    );
  });
});

describe('matrix', () => {
  it('shows valid, expiring, expired and missing, filtered by function, and exports XLSX', async () => {
    const w = await worker('Matriz Pessoa');
    await t.database.db.update(users).set({ funcao: 'Eletricista SST' }).where(eq(users.id, w.id));
    await coord.post('/api/tatico/sst/registros', {
      user_id: w.id,
      training_id: nr35,
      data: addMonthsTo(addDaysTo(today, 10), -24),
      carga_horaria: 8,
      instrutor: 'SENAI',
    });
    await coord.put(`/api/tatico/sst/pessoas/${w.id}/cnh`, {
      numero: '12345678901',
      categoria: 'B',
      validade: addDaysTo(today, -1),
    });
    const m = (await coord.get('/api/tatico/sst/matriz?funcao=Eletricista%20SST')).json<{
      colunas: { key: string; rotulo: string }[];
      linhas: {
        pessoa: { id: number };
        celulas: { coluna: string; estado: string; dias: number | null }[];
      }[];
      funcoes: string[];
    }>();
    expect(m.linhas.map((l) => l.pessoa.id)).toEqual([w.id]);
    expect(m.funcoes).toContain('Eletricista SST');
    const cell = (k: string) => m.linhas[0]!.celulas.find((c) => c.coluna === k)!;
    expect(cell(`t${nr35}`)).toMatchObject({ estado: 'vencendo', dias: 10 });
    expect(cell('cnh')).toMatchObject({ estado: 'vencido', dias: -1 });
    expect(cell('aso')).toMatchObject({ estado: 'ausente', dias: null });
    const x = await coord.get(
      '/api/tatico/sst/matriz/exportar?format=xlsx&funcao=Eletricista%20SST',
    );
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
