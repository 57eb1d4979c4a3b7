import { ASSISTANT_RATE_LIMIT_PER_MINUTE, ROLE_LABELS, ROLES } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { person } from '../murals/murals.fixtures.ts';
import { answerOf, ask, events } from './assistant-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('/api/ai: access', () => {
  it.each(ROLES)('%s may use the assistant (status, list, ask)', async (role) => {
    const p = await person(t, ROLE_LABELS[role]);
    const status = await p.call('GET', '/api/ai/status');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ mode: 'offline', model: null });
    expect(status.json().examples).toContain('Quais demandas estão atrasadas?');
    expect((await p.call('GET', '/api/ai/conversations')).statusCode).toBe(200);
    expect((await ask(p, 'ajuda')).statusCode).toBe(200);
  });

  it('needs a session and the CSRF header', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/ai/conversations' });
    expect(anon.statusCode).toBe(401);
    const p = await person(t, 'Equipe');
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: { cookie: p.cookie },
      payload: { content: 'ajuda' },
    });
    expect(noHeader.statusCode).toBe(403);
  });
});

describe('POST /api/ai/chat', () => {
  it('streams NDJSON: start, text pieces, then the stored answer', async () => {
    const p = await person(t, 'Gerente');
    const res = await ask(p, '  O que você sabe fazer?  ');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const evs = events(res.body);
    expect(evs[0]!.type).toBe('start');
    expect(evs.at(-1)!.type).toBe('done');
    const text = evs.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
    const done = answerOf(res.body);
    expect(text).toBe(done.message.content);
    expect(done.message).toMatchObject({ role: 'assistant', offline: true, status: 'ok' });
    expect(done.message.content).toContain('modo offline');
    expect(done.conversation.titulo).toBe('O que você sabe fazer?');
  });

  it('keeps the conversation: later questions join it, oldest first', async () => {
    const p = await person(t, 'Coordenador');
    const first = answerOf((await ask(p, 'ajuda')).body);
    const id = first.conversation.id;
    answerOf((await ask(p, 'revisões pendentes', id)).body);
    const detail = (await p.call('GET', `/api/ai/conversations/${id}`)).json();
    expect(detail.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(detail.messages[2].content).toBe('revisões pendentes');
  });

  it('refuses empty and too long questions in Portuguese', async () => {
    const p = await person(t, 'Equipe');
    const empty = await ask(p, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Escreva a pergunta');
    const long = await ask(p, 'a'.repeat(2001));
    expect(long.statusCode).toBe(400);
  });

  it(`limits each user to ${ASSISTANT_RATE_LIMIT_PER_MINUTE} questions per minute (429 in Portuguese)`, async () => {
    const p = await person(t, 'Equipe');
    const other = await person(t, 'Equipe');
    for (let i = 0; i < ASSISTANT_RATE_LIMIT_PER_MINUTE; i += 1) {
      expect((await ask(p, 'ajuda')).statusCode).toBe(200);
    }
    const refused = await ask(p, 'ajuda');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/muitas perguntas.*Aguarde um minuto/);
    // Nothing of the refused question was stored, and other people are not affected.
    const stored = await t.database.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.userId, p.user.id));
    expect(stored.filter((m) => m.role === 'user')).toHaveLength(ASSISTANT_RATE_LIMIT_PER_MINUTE);
    expect((await ask(other, 'ajuda')).statusCode).toBe(200);
    // A minute later the user may ask again.
    await t.database.db
      .update(assistantMessages)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(assistantMessages.userId, p.user.id));
    expect((await ask(p, 'ajuda')).statusCode).toBe(200);
  });
});

describe('conversations are per user', () => {
  it('lists, opens, renames and deletes one own conversation', async () => {
    const p = await person(t, 'Gerente');
    const created = await p.call('POST', '/api/ai/conversations', {});
    expect(created.statusCode).toBe(201);
    expect(created.json().titulo).toBe('Nova conversa');
    const id = created.json().id as number;
    // The first question names a conversation still called "Nova conversa".
    expect(answerOf((await ask(p, 'alertas de EPI', id)).body).conversation.titulo).toBe(
      'alertas de EPI',
    );
    const renamed = await p.call('PATCH', `/api/ai/conversations/${id}`, { titulo: ' EPI ' });
    expect(renamed.json().titulo).toBe('EPI');
    const list = (await p.call('GET', '/api/ai/conversations')).json();
    expect(list.map((c: { id: number }) => c.id)).toContain(id);
    expect((await p.call('DELETE', `/api/ai/conversations/${id}`)).statusCode).toBe(200);
    expect((await p.call('GET', `/api/ai/conversations/${id}`)).statusCode).toBe(404);
    const left = await t.database.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, id));
    expect(left).toHaveLength(0);
  });

  it('refuses a blank name', async () => {
    const p = await person(t, 'Gerente');
    const { id } = (await p.call('POST', '/api/ai/conversations', {})).json();
    const res = await p.call('PATCH', `/api/ai/conversations/${id}`, { titulo: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Informe o nome da conversa');
  });

  it("never shows one user's conversation to another (404 on every call)", async () => {
    const owner = await person(t, 'Diretor');
    const intruder = await person(t, 'Diretor');
    const own = answerOf((await ask(owner, 'o que tenho para hoje?')).body);
    const id = own.conversation.id;
    const url = `/api/ai/conversations/${id}`;
    expect((await intruder.call('GET', url)).statusCode).toBe(404);
    expect((await intruder.call('PATCH', url, { titulo: 'minha' })).statusCode).toBe(404);
    expect((await intruder.call('DELETE', url)).statusCode).toBe(404);
    const joined = await ask(intruder, 'ajuda', id);
    expect(joined.statusCode).toBe(404);
    expect(joined.json().error).toBe('Conversa não encontrada.');
    const list = (await intruder.call('GET', '/api/ai/conversations')).json();
    expect(list.some((c: { id: number }) => c.id === id)).toBe(false);
    const decide = await intruder.call('POST', `/api/ai/messages/${own.message.id}/action`, {
      decision: 'confirmar',
    });
    expect(decide.statusCode).toBe(404);
    // The owner's conversation is untouched.
    const detail = (await owner.call('GET', url)).json();
    expect(detail.messages).toHaveLength(2);
  });
});
