import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createTestApp, spa, userWithSession, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let ti: { id: number; cookie: string };
let coord: { id: number; cookie: string };
let other: { id: number; cookie: string };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  const session = async (role: string) => {
    const s = await userWithSession(t, role);
    return { id: s.user.id, cookie: s.cookie };
  };
  ti = await session('TI');
  coord = await session('Coordenador');
  other = await session('Gerente');
});
afterAll(async () => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...spa, cookie }, ...(payload ? { payload } : {}) });
const open = async (cookie: string, assunto = 'Sem acesso ao e-mail') => {
  const res = await req('POST', '/api/support/tickets', cookie, {
    assunto,
    descricao: 'Desde ontem não consigo entrar.',
    categoria: 'acesso',
    prioridade: 'alta',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; status: string }>();
};
const notesOf = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'other')));

function multipart(name: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = '----eprotoTeste';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (id: number, cookie: string, name: string, data: Buffer, type?: string) => {
  const m = multipart(name, data, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/support/tickets/${id}/attachments`,
    headers: { ...spa, cookie, ...m.headers },
    payload: m.payload,
  });
};

describe('tickets', () => {
  it('a coordenador opens a ticket, ti is told, and ti resolves it while the opener hears of each step', async () => {
    const before = (await notesOf(ti.id)).length;
    const ticket = await open(coord.cookie, 'Notebook não liga');
    expect(ticket.status).toBe('aberto');
    const tiNotes = await notesOf(ti.id);
    expect(tiNotes).toHaveLength(before + 1);
    expect(tiNotes.at(-1)!.customText).toBe(`Novo chamado #${ticket.id}: Notebook não liga`);

    const comment = await req('POST', `/api/support/tickets/${ticket.id}/comments`, ti.cookie, {
      texto: 'Pode trazer o notebook à TI?',
    });
    expect(comment.statusCode).toBe(201);
    const reply = await req('POST', `/api/support/tickets/${ticket.id}/comments`, coord.cookie, {
      texto: 'Levo às 14h.',
    });
    expect(reply.json().commentCount).toBe(2);
    expect((await notesOf(ti.id)).at(-1)!.customText).toMatch(/Novo comentário no chamado/);

    const working = await req('PATCH', `/api/support/tickets/${ticket.id}/status`, ti.cookie, {
      status: 'em_atendimento',
    });
    expect(working.statusCode).toBe(200);
    expect(working.json().status).toBe('em_atendimento');
    const done = await req('PATCH', `/api/support/tickets/${ticket.id}/status`, ti.cookie, {
      status: 'resolvido',
    });
    expect(done.json()).toMatchObject({ status: 'resolvido', resolvedAt: expect.any(String) });
    expect(
      done.json().events.map((e: { kind: string; status: string | null }) => e.status ?? e.kind),
    ).toEqual(['comment', 'comment', 'em_atendimento', 'resolvido']);

    const opener = (await notesOf(coord.id)).map((n) => n.customText);
    expect(opener).toEqual([
      expect.stringMatching(/^Novo comentário no chamado/),
      `Chamado #${ticket.id} (Notebook não liga): Em atendimento`,
      `Chamado #${ticket.id} (Notebook não liga): Resolvido`,
    ]);
  });

  it('only ti changes the status, along the allowed steps', async () => {
    const ticket = await open(coord.cookie);
    const self = await req('PATCH', `/api/support/tickets/${ticket.id}/status`, coord.cookie, {
      status: 'resolvido',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('Somente a TI altera o status do chamado.');
    await req('PATCH', `/api/support/tickets/${ticket.id}/status`, ti.cookie, {
      status: 'resolvido',
    });
    const back = await req('PATCH', `/api/support/tickets/${ticket.id}/status`, ti.cookie, {
      status: 'aberto',
    });
    expect(back.statusCode).toBe(409);
    const reopen = await req('PATCH', `/api/support/tickets/${ticket.id}/status`, ti.cookie, {
      status: 'em_atendimento',
    });
    expect(reopen.json()).toMatchObject({ status: 'em_atendimento', resolvedAt: null });
    const bogus = await req('PATCH', `/api/support/tickets/${ticket.id}/status`, ti.cookie, {
      status: 'fechado',
    });
    expect(bogus.statusCode).toBe(400);
  });

  it('ti sees every ticket; everyone else only their own (others answer 404)', async () => {
    const mine = await open(coord.cookie, 'Chamado só meu');
    const theirs = await open(other.cookie, 'Chamado do gerente');
    const coordList = (await req('GET', '/api/support/tickets?perPage=100', coord.cookie)).json();
    expect(coordList.items.map((i: { id: number }) => i.id)).toContain(mine.id);
    expect(coordList.items.map((i: { id: number }) => i.id)).not.toContain(theirs.id);
    const tiList = (await req('GET', '/api/support/tickets?perPage=100', ti.cookie)).json();
    expect(tiList.items.map((i: { id: number }) => i.id)).toEqual(
      expect.arrayContaining([mine.id, theirs.id]),
    );
    expect((await req('GET', `/api/support/tickets/${theirs.id}`, coord.cookie)).statusCode).toBe(
      404,
    );
    expect(
      (
        await req('POST', `/api/support/tickets/${theirs.id}/comments`, coord.cookie, {
          texto: 'Olá',
        })
      ).statusCode,
    ).toBe(404);
    expect((await req('GET', `/api/support/tickets/${theirs.id}`, ti.cookie)).statusCode).toBe(200);
    expect((await req('GET', '/api/support/tickets/999999', ti.cookie)).statusCode).toBe(404);
    const search = (await req('GET', '/api/support/tickets?search=gerente', ti.cookie)).json();
    expect(search.items.map((i: { id: number }) => i.id)).toEqual([theirs.id]);
    const byStatus = (
      await req('GET', '/api/support/tickets?status=resolvido&perPage=100', coord.cookie)
    ).json();
    expect(byStatus.items.every((i: { status: string }) => i.status === 'resolvido')).toBe(true);
  });

  it('validates a new ticket in Portuguese', async () => {
    const res = await req('POST', '/api/support/tickets', coord.cookie, {
      assunto: 'ab',
      descricao: 'Descrição suficiente',
      categoria: 'acesso',
      prioridade: 'alta',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/assunto/);
    const cat = await req('POST', '/api/support/tickets', coord.cookie, {
      assunto: 'Assunto ok',
      descricao: 'Descrição suficiente',
      categoria: 'xyz',
      prioridade: 'alta',
    });
    expect(cat.statusCode).toBe(400);
  });
});

describe('attachments', () => {
  it('stores a file checked by content and downloads it as an attachment, only for who may see the ticket', async () => {
    const ticket = await open(coord.cookie);
    const res = await upload(ticket.id, coord.cookie, 'tela do erro.png', PNG, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const [att] = res.json().attachments;
    expect(att).toMatchObject({
      fileName: 'tela do erro.png',
      mimeType: 'image/png',
      size: PNG.length,
    });
    const down = await t.app.inject({
      method: 'GET',
      url: att.url,
      headers: { cookie: ti.cookie },
    });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload).toEqual(PNG);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.headers['content-disposition']).toMatch(/^attachment; filename="tela do erro.png"/);
    expect(down.headers['x-content-type-options']).toBe('nosniff');
    expect(
      (await t.app.inject({ method: 'GET', url: att.url, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
    expect((await notesOf(ti.id)).at(-1)!.customText).toMatch(/Novo anexo no chamado/);
  });

  it('refuses a disguised executable and a file over 10 MB', async () => {
    const ticket = await open(coord.cookie);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
    const bad = await upload(ticket.id, coord.cookie, 'foto.png', exe, 'image/png');
    expect(bad.statusCode).toBe(415);
    const big = await upload(
      ticket.id,
      coord.cookie,
      'grande.txt',
      Buffer.alloc(10 * 1_048_576 + 10, 0x61),
    );
    expect(big.statusCode).toBe(413);
    const detail = await req('GET', `/api/support/tickets/${ticket.id}`, coord.cookie);
    expect(detail.json().attachments).toHaveLength(0);
  });
});

describe('rate limit', () => {
  it('counts new tickets per person, not per office address', async () => {
    const busy = await userWithSession(t, 'Gerente');
    const calm = await userWithSession(t, 'Gerente');
    const body = {
      assunto: 'Repetido',
      descricao: 'Chamado repetido',
      categoria: 'outro',
      prioridade: 'baixa',
    };
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      codes.push((await req('POST', '/api/support/tickets', busy.cookie, body)).statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(codes[20]).toBe(429);
    expect((await req('POST', '/api/support/tickets', calm.cookie, body)).statusCode).toBe(201);
  });
});
