import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addDaysTo,
  startOfDayInZone,
  todayIn,
  type AssistantStreamEvent,
  type Stage,
} from '@eproto/domain';
import {
  agendaEntries,
  agendaEntryPeople,
  epiItems,
  protocols,
  vehicles,
} from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

/** What the fake provider answers to one request. */
export type Script =
  | { text: string; chunk?: number; gate?: Promise<void> }
  | { calls: Array<{ name: string; args: unknown }>; text?: string }
  | { status: number }
  | { hang: true }
  /** Ignores `stream: true` and answers one JSON completion. */
  | { json: string };

export interface ProviderRequest {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    stream: boolean;
    tools: Array<{ function: { name: string } }>;
    messages: Array<{ role: string; content: string | null; tool_call_id?: string }>;
  };
}

const sse = (delta: object) => `data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`;

/**
 * A local OpenAI-compatible chat-completions server (real HTTP on 127.0.0.1:0) that answers
 * each request with the next script, as SSE chunks, and records what it was asked.
 */
export async function startFakeProvider() {
  const scripts: Script[] = [];
  const requests: ProviderRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      void (async () => {
        requests.push({ headers: req.headers, body: JSON.parse(raw) as ProviderRequest['body'] });
        const s = scripts.shift() ?? { text: 'Sem roteiro.' };
        if ('status' in s) {
          res.writeHead(s.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'falha simulada' } }));
          return;
        }
        if ('json' in s) {
          res.writeHead(200, { 'content-type': 'application/json' });
          const message = { role: 'assistant', content: s.json };
          res.end(JSON.stringify({ choices: [{ index: 0, message, finish_reason: 'stop' }] }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        if ('hang' in s) return; // headers sent, then silence
        if ('calls' in s) {
          if (s.text) res.write(sse({ role: 'assistant', content: s.text }));
          s.calls.forEach((c, index) => {
            const args = JSON.stringify(c.args);
            const half = Math.floor(args.length / 2);
            res.write(
              sse({
                tool_calls: [
                  {
                    index,
                    id: `call_${index}`,
                    type: 'function',
                    function: { name: c.name, arguments: '' },
                  },
                ],
              }),
            );
            res.write(
              sse({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] }),
            );
            res.write(sse({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }));
          });
        } else {
          const size = s.chunk ?? 4;
          for (let i = 0; i < s.text.length; i += size) {
            res.write(sse({ content: s.text.slice(i, i + size) }));
            if (i === 0 && s.gate) await s.gate;
          }
        }
        res.write('data: [DONE]\n\n');
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    scripts,
    requests,
    reset() {
      scripts.length = 0;
      requests.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;

/** The NDJSON events of a /api/ai/chat answer. */
export function events(body: string): AssistantStreamEvent[] {
  return body
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as AssistantStreamEvent);
}

/** The stored answer (the "done" event) of a /api/ai/chat answer. */
export function answerOf(body: string) {
  const done = events(body).find((e) => e.type === 'done');
  if (!done || done.type !== 'done') throw new Error(`sem evento done: ${body}`);
  return done;
}

/** Asks the assistant as a person. */
export function ask(p: Person, content: string, conversationId?: number) {
  return p.call('POST', '/api/ai/chat', {
    content,
    ...(conversationId ? { conversation_id: conversationId } : {}),
  });
}

/**
 * A small company: contracts Hospital Central (gerente), Shopping Norte (equipe) and Obra
 * Sigilosa (nobody linked; only diretoria sees it), with late and on-time demands, tasks, a
 * pending review, an agenda entry today, an expired vehicle document and an expired EPI CA.
 */
export async function seedWorld(t: TestApp) {
  const tz = t.config.COMPANY_TIME_ZONE;
  const today = todayIn(tz);
  const day = (n: number) => addDaysTo(today, n);
  const gerente = await person(t, 'Gerente', 'Gabriela Gerente');
  const equipe = await person(t, 'Equipe', 'Elias Equipe');
  const diretor = await person(t, 'Diretor', 'Diana Diretora');
  const coordenador = await person(t, 'Coordenador', 'Caio Coordenador');
  const hospital = await makeContract(t, { nome: 'Hospital Central' });
  const shopping = await makeContract(t, { nome: 'Shopping Norte' });
  const secreta = await makeContract(t, { nome: 'Obra Sigilosa' });
  await linkContract(t, hospital.id, gerente.user.id, coordenador.user.id);
  await linkContract(t, shopping.id, equipe.user.id);
  const bH = await makeBoard(t, { contractId: hospital.id });
  const bS = await makeBoard(t, { contractId: shopping.id });
  const bX = await makeBoard(t, { contractId: secreta.id });
  const mural = (v: Parameters<typeof makeMural>[1]) => makeMural(t, v);
  const aLate = await mural({
    boardId: bH.id,
    contractId: hospital.id,
    titulo: 'Troca do quadro elétrico',
    stage: 'em_andamento',
    fimPrevisto: day(-5),
    responsavelId: gerente.user.id,
  });
  const aOk = await mural({
    boardId: bH.id,
    contractId: hospital.id,
    titulo: 'Pintura da fachada',
    fimPrevisto: day(10),
  });
  await mural({
    boardId: bH.id,
    contractId: hospital.id,
    titulo: 'Limpeza concluída',
    stage: 'concluido',
    fimPrevisto: day(-10),
  });
  const aToday = await mural({
    boardId: bH.id,
    contractId: hospital.id,
    titulo: 'Vistoria do telhado',
    fimPrevisto: today,
    responsavelId: gerente.user.id,
  });
  const bLate = await mural({
    boardId: bS.id,
    contractId: shopping.id,
    titulo: 'Reparo do elevador',
    fimPrevisto: day(-2),
    responsavelId: equipe.user.id,
  });
  const xLate = await mural({
    boardId: bX.id,
    contractId: secreta.id,
    titulo: 'Reforma sigilosa',
    fimPrevisto: day(-3),
  });
  const task = async (muralId: number, titulo: string, fim: string, stage: Stage = 'a_fazer') => {
    const [row] = await t.database.db
      .insert(protocols)
      .values({
        muralId,
        titulo,
        fimPrevisto: fim,
        stage,
        responsavelId: gerente.user.id,
        reviewStatus: stage === 'em_revisao' ? 'pendente' : null,
        reviewRequestedAt: stage === 'em_revisao' ? new Date() : null,
      })
      .returning();
    return row!;
  };
  const lateTask = await task(aLate.id, 'Comprar disjuntores', day(-1));
  const tomorrowTask = await task(aOk.id, 'Medir a fachada', day(1));
  const reviewTask = await task(aOk.id, 'Revisar orçamento', day(3), 'em_revisao');
  const start = startOfDayInZone(today, tz).getTime();
  const [entry] = await t.database.db
    .insert(agendaEntries)
    .values({
      inicio: new Date(start + 10 * 3_600_000),
      fim: new Date(start + 12 * 3_600_000),
      local: 'Hospital Central — Bloco B',
      contractId: hospital.id,
      descricao: 'Inspeção do quadro',
    })
    .returning();
  await t.database.db
    .insert(agendaEntryPeople)
    .values({ entryId: entry!.id, userId: gerente.user.id });
  await t.database.db.insert(vehicles).values({
    placa: 'ABC1D23',
    modelo: 'Strada',
    marca: 'Fiat',
    ano: 2022,
    licenciamentoVencimento: day(-3),
  });
  await t.database.db.insert(epiItems).values({
    nome: 'Luva de vaqueta',
    caNumero: '12345',
    caValidade: day(-1),
    tamanho: 'G',
    vidaUtilDias: 90,
    estoque: 50,
    estoqueMinimo: 5,
  });
  return {
    today,
    people: { gerente, equipe, diretor, coordenador },
    contracts: { hospital, shopping, secreta },
    murals: { aLate, aOk, aToday, bLate, xLate },
    tasks: { lateTask, tomorrowTask, reviewTask },
    entry: entry!,
  };
}

export type World = Awaited<ReturnType<typeof seedWorld>>;
