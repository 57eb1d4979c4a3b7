import type { AddressInfo } from 'node:net';
import { CSRF_HEADER, CSRF_VALUE } from '@eproto/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { assistantMessages, muralMessages, protocols } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  answerOf,
  ask,
  events,
  seedWorld,
  startFakeProvider,
  type FakeProvider,
  type World,
} from './assistant-test-kit.ts';

let t: TestApp;
let fake: FakeProvider;
let w: World;
beforeAll(async () => {
  fake = await startFakeProvider();
  t = await createTestApp({
    AI_BASE_URL: fake.url,
    AI_MODEL: 'modelo-de-teste',
    AI_API_KEY: 'chave-secreta',
    AI_TIMEOUT_MS: '1000',
  });
  w = await seedWorld(t);
});
afterAll(async () => {
  // fetch may leave a spare keep-alive socket that never sent a request; do not wait for it.
  const closing = t.close();
  t.app.server.closeAllConnections();
  await closing;
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  await t.database.db
    .update(assistantMessages)
    .set({ createdAt: sql`now() - interval '2 minutes'` });
});

/** The app on a real port (listening once for the whole file). */
async function baseUrl() {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** The tool results the provider received in its n-th request. */
const toolResults = (n: number) =>
  fake.requests[n]!.body.messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '');

describe('online mode: provider protocol', () => {
  it('reports online mode and the model', async () => {
    const res = await w.people.gerente.call('GET', '/api/ai/status');
    expect(res.json()).toMatchObject({ mode: 'online', model: 'modelo-de-teste' });
  });

  it('streams the answer piece by piece and stores it', async () => {
    fake.scripts.push({ text: 'Olá, **Gabriela**! Tudo certo por aqui.', chunk: 5 });
    const res = await ask(w.people.gerente, 'oi');
    const deltas = events(res.body).filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(5);
    const { message } = answerOf(res.body);
    expect(message).toMatchObject({
      content: 'Olá, **Gabriela**! Tudo certo por aqui.',
      offline: false,
      status: 'ok',
    });
    const req = fake.requests[0]!;
    expect(req.headers.authorization).toBe('Bearer chave-secreta');
    expect(req.body).toMatchObject({ model: 'modelo-de-teste', stream: true });
    expect(req.body.tools.map((x) => x.function.name)).toContain('criar_tarefa');
    expect(req.body.messages[0]!.content).toContain('Gabriela Gerente');
    expect(req.body.messages.at(-1)).toEqual({ role: 'user', content: 'oi' });
  });

  it('accepts a provider that ignores streaming and answers one JSON completion', async () => {
    fake.scripts.push({ json: 'Resposta inteira de uma vez.' });
    const { message } = answerOf((await ask(w.people.gerente, 'oi')).body);
    expect(message).toMatchObject({ content: 'Resposta inteira de uma vez.', status: 'ok' });
  });

  it('sends earlier turns of the conversation as context', async () => {
    fake.scripts.push({ text: 'Primeira resposta.' }, { text: 'Segunda resposta.' });
    const first = answerOf((await ask(w.people.gerente, 'primeira pergunta')).body);
    await ask(w.people.gerente, 'segunda pergunta', first.conversation.id);
    const msgs = fake.requests[1]!.body.messages.slice(1);
    expect(msgs).toEqual([
      { role: 'user', content: 'primeira pergunta' },
      { role: 'assistant', content: 'Primeira resposta.' },
      { role: 'user', content: 'segunda pergunta' },
    ]);
  });

  it('answers token by token over real HTTP, before the provider has finished', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    fake.scripts.push({ text: 'Primeiro pedaço e o resto depois.', chunk: 8, gate });
    const res = await fetch(`${await baseUrl()}/api/ai/chat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: w.people.gerente.cookie,
        [CSRF_HEADER]: CSRF_VALUE,
      },
      body: JSON.stringify({ content: 'conte algo' }),
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!seen.includes('"type":"delta"')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('o fluxo terminou antes do primeiro pedaço');
      seen += decoder.decode(value, { stream: true });
    }
    // The first piece arrived while the provider still holds the rest.
    expect(seen).toContain('Primeiro');
    expect(seen).not.toContain('"type":"done"');
    release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value, { stream: true });
    }
    expect(answerOf(seen).message.content).toBe('Primeiro pedaço e o resto depois.');
  });

  it('the stop button (closing the request) stops the provider and keeps what arrived', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    fake.scripts.push({ text: 'Começo da resposta que nunca termina.', chunk: 6, gate });
    const stop = new AbortController();
    const res = await fetch(`${await baseUrl()}/api/ai/chat`, {
      method: 'POST',
      signal: stop.signal,
      headers: {
        'content-type': 'application/json',
        cookie: w.people.gerente.cookie,
        [CSRF_HEADER]: CSRF_VALUE,
      },
      body: JSON.stringify({ content: 'pare no meio' }),
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('"type":"delta"')) {
      const { value } = await reader.read();
      seen += new TextDecoder().decode(value);
    }
    stop.abort();
    const stored = await vi.waitFor(async () => {
      const [row] = await t.database.db
        .select()
        .from(assistantMessages)
        .where(eq(assistantMessages.status, 'interrompida'));
      if (!row) throw new Error('ainda não gravou');
      return row;
    });
    release();
    expect(stored.content).toBe('Começo');
    expect(stored.role).toBe('assistant');
  });
});

describe('online mode: tools run as the signed-in user', () => {
  it('equipe asking about a contract outside their scope gets nothing from it', async () => {
    fake.scripts.push(
      {
        calls: [
          { name: 'buscar_demandas', args: { contrato: 'Hospital Central', atrasadas: true } },
          { name: 'buscar_demandas', args: { texto: 'Troca do quadro' } },
          { name: 'ver_demanda', args: { id: w.murals.aLate.id } },
          { name: 'buscar_tarefas', args: { texto: 'disjuntores' } },
        ],
      },
      { text: 'Não encontrei nada nesse contrato.' },
    );
    const res = await ask(w.people.equipe, 'demandas atrasadas do contrato Hospital Central?');
    const { message } = answerOf(res.body);
    const results = toolResults(1);
    expect(results).toHaveLength(4);
    expect(results[0]).toContain('Não encontrei um contrato visível');
    expect(JSON.parse(results[1]!)).toMatchObject({ total: 0, items: [] });
    expect(results[2]).toContain('não encontrada');
    expect(JSON.parse(results[3]!)).toMatchObject({ total: 0, items: [] });
    for (const r of results) {
      expect(r).not.toContain('Troca do quadro elétrico');
      expect(r).not.toContain('Comprar disjuntores');
    }
    expect(message.sources).toEqual([]);
    expect(events(res.body).some((e) => e.type === 'status')).toBe(true);
  });

  it('the gerente linked to the contract gets its demands, listed as links', async () => {
    fake.scripts.push(
      { calls: [{ name: 'buscar_demandas', args: { contrato: 'Hospital', atrasadas: true } }] },
      { text: 'Há 1 demanda atrasada.' },
    );
    const { message } = answerOf((await ask(w.people.gerente, 'atrasadas do hospital?')).body);
    const result = JSON.parse(toolResults(1)[0]!);
    expect(result.total).toBe(1);
    expect(result.items[0]).toMatchObject({
      id: w.murals.aLate.id,
      titulo: 'Troca do quadro elétrico',
      link: `/eproto/murals/${w.murals.aLate.id}`,
    });
    expect(message.sources).toEqual([
      {
        kind: 'demanda',
        id: w.murals.aLate.id,
        label: `#${w.murals.aLate.id} Troca do quadro elétrico`,
        href: `/eproto/murals/${w.murals.aLate.id}`,
      },
    ]);
  });

  it('alerts and reviews follow the role rules of their screens', async () => {
    fake.scripts.push(
      {
        calls: [
          { name: 'alertas_epi_frota', args: { area: 'todos' } },
          { name: 'revisoes_pendentes', args: {} },
          { name: 'minha_agenda', args: { data: w.today } },
        ],
      },
      { text: 'ok' },
    );
    await ask(w.people.equipe, 'alertas, revisões e agenda');
    const [alerts, reviews, agenda] = toolResults(1).map((r) => JSON.parse(r));
    expect(alerts).toMatchObject({ total: 0, acesso: true });
    expect(reviews).toMatchObject({ total: 0, acesso: false });
    expect(agenda.agendamentos).toEqual([]);
  });

  it('a malformed or unknown tool call becomes an error the model can read', async () => {
    fake.scripts.push(
      {
        calls: [
          { name: 'ver_demanda', args: { id: 'abc' } },
          { name: 'apagar_tudo', args: {} },
        ],
      },
      { text: 'Desculpe.' },
    );
    const { message } = answerOf((await ask(w.people.gerente, 'teste')).body);
    expect(toolResults(1)[0]).toContain('Argumentos inválidos');
    expect(toolResults(1)[1]).toContain('Ferramenta desconhecida');
    expect(message.status).toBe('ok');
  });
});

describe('online mode: write tools wait for confirmation', () => {
  const proposeTask = async (demandaId: number) => {
    fake.scripts.push(
      {
        calls: [
          {
            name: 'criar_tarefa',
            args: {
              demanda_id: demandaId,
              titulo: 'Trocar o disjuntor geral',
              responsavel: 'Caio',
              prazo: w.today,
            },
          },
        ],
      },
      { text: 'Posso criar a tarefa? Confirme abaixo.' },
    );
    return answerOf((await ask(w.people.gerente, 'crie uma tarefa para o Caio hoje')).body);
  };
  const tasksNamed = (titulo: string) =>
    t.database.db.select().from(protocols).where(eq(protocols.titulo, titulo));

  it('proposes, runs nothing until confirmed, then runs once as the user', async () => {
    const { message } = await proposeTask(w.murals.aLate.id);
    expect(message.action).toMatchObject({ tool: 'criar_tarefa', status: 'pendente' });
    expect(message.action!.detalhes).toContainEqual({
      label: 'Responsável',
      value: 'Caio Coordenador',
    });
    expect(JSON.stringify(message.action)).not.toContain('responsavel_id');
    expect(await tasksNamed('Trocar o disjuntor geral')).toHaveLength(0);

    const url = `/api/ai/messages/${message.id}/action`;
    expect((await w.people.equipe.call('POST', url, { decision: 'confirmar' })).statusCode).toBe(
      404,
    );
    const ok = await w.people.gerente.call('POST', url, { decision: 'confirmar' });
    expect(ok.statusCode).toBe(200);
    const created = await tasksNamed('Trocar o disjuntor geral');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      muralId: w.murals.aLate.id,
      createdBy: w.people.gerente.user.id,
      responsavelId: w.people.coordenador.user.id,
      fimPrevisto: w.today,
    });
    const body = ok.json();
    expect(body.message.action.status).toBe('confirmada');
    expect(body.result.content).toContain(`](/eproto/protocols/${created[0]!.id})`);
    expect(body.result.sources[0]).toMatchObject({ kind: 'tarefa', id: created[0]!.id });
    const again = await w.people.gerente.call('POST', url, { decision: 'confirmar' });
    expect(again.statusCode).toBe(409);
    expect(await tasksNamed('Trocar o disjuntor geral')).toHaveLength(1);
  });

  it('cancel runs nothing', async () => {
    await t.database.db.delete(protocols).where(eq(protocols.titulo, 'Trocar o disjuntor geral'));
    const { message } = await proposeTask(w.murals.aOk.id);
    const res = await w.people.gerente.call('POST', `/api/ai/messages/${message.id}/action`, {
      decision: 'cancelar',
    });
    expect(res.json()).toMatchObject({
      message: { action: { status: 'cancelada' } },
      result: null,
    });
    expect(await tasksNamed('Trocar o disjuntor geral')).toHaveLength(0);
  });

  it('refuses to propose what the user may not do', async () => {
    fake.scripts.push(
      {
        calls: [
          { name: 'criar_tarefa', args: { demanda_id: w.murals.bLate.id, titulo: 'Nova tarefa' } },
        ],
      },
      { text: 'Você não pode.' },
    );
    const { message } = answerOf((await ask(w.people.gerente, 'crie uma tarefa')).body);
    expect(toolResults(1)[0]).toContain(`Demanda #${w.murals.bLate.id} não encontrada`);
    expect(message.action).toBeNull();
  });

  it('a message to a demand is sent only after confirmation, as the user', async () => {
    fake.scripts.push(
      {
        calls: [
          {
            name: 'adicionar_mensagem',
            args: { demanda_id: w.murals.bLate.id, texto: 'Chego às 14h.' },
          },
        ],
      },
      { text: 'Confirma o envio?' },
    );
    const { message } = answerOf((await ask(w.people.equipe, 'avise que chego às 14h')).body);
    const sent = () =>
      t.database.db.select().from(muralMessages).where(eq(muralMessages.texto, 'Chego às 14h.'));
    expect(await sent()).toHaveLength(0);
    const res = await w.people.equipe.call('POST', `/api/ai/messages/${message.id}/action`, {
      decision: 'confirmar',
    });
    expect(res.statusCode).toBe(200);
    const rows = await sent();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.authorId).toBe(w.people.equipe.user.id);
  });
});

describe('online mode: provider failures become a chat message', () => {
  it.each([
    [500, 'O provedor de IA respondeu com um erro'],
    [401, 'recusou a chave de acesso'],
    [429, 'atingiu o limite de uso'],
  ])('HTTP %i', async (status, text) => {
    fake.scripts.push({ status });
    const res = await ask(w.people.gerente, 'oi');
    expect(res.statusCode).toBe(200);
    const { message } = answerOf(res.body);
    expect(message.status).toBe('erro');
    expect(message.content).toContain(text);
    const stored = await t.database.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.id, message.id));
    expect(stored[0]!.status).toBe('erro');
  });

  it('a provider that goes silent times out', async () => {
    fake.scripts.push({ hang: true });
    const { message } = answerOf((await ask(w.people.gerente, 'oi')).body);
    expect(message).toMatchObject({ status: 'erro' });
    expect(message.content).toContain('demorou demais para responder');
  });

  it('an unreachable provider', async () => {
    const other = await createTestApp({
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'x',
    });
    try {
      const world = await seedWorld(other);
      const { message } = answerOf((await ask(world.people.gerente, 'oi')).body);
      expect(message.status).toBe('erro');
      expect(message.content).toContain('Não foi possível falar com o provedor de IA');
    } finally {
      await other.close();
    }
  });
});
