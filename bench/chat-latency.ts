// Chat push latency: time from POST /api/chat/send (coordenador) to the chat.message event on
// another person's open SSE stream (equipe), over 200 messages; then again with 200 idle SSE
// clients of other people connected. Target: p95 under 200 ms.
import http from 'node:http';
import { signIn, startApp, writeReport } from './lib/servers.ts';

const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 200);
const IDLE = Number(process.env.BENCH_CHAT_IDLE ?? 200);
const TARGET_P95_MS = 200;
const SPA = { 'x-requested-with': 'eproto' };

interface Stream {
  /** messageId -> arrival time (performance.now()). */
  arrivals: Map<number, number>;
  ready: Promise<void>;
  close: () => void;
}

/** Opens GET /api/events and records when each chat.message event arrives. */
function openStream(url: string, cookie: string): Stream {
  const arrivals = new Map<number, number>();
  let onReady = () => undefined as void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const req = http.get(
    `${url}/api/events`,
    { headers: { cookie, accept: 'text/event-stream' } },
    (res) => {
      if (res.statusCode !== 200) throw new Error(`SSE respondeu ${res.statusCode}`);
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const line = block.split('\n').find((l) => l.startsWith('data: '));
          if (!line) continue;
          const msg = JSON.parse(line.slice(6)) as { type: string; data?: { messageId?: number } };
          if (msg.type === 'hello') onReady();
          if (msg.type === 'chat.message' && typeof msg.data?.messageId === 'number') {
            arrivals.set(msg.data.messageId, now);
          }
        }
      });
    },
  );
  req.on('error', () => undefined);
  return { arrivals, ready, close: () => req.destroy() };
}

async function waitArrival(stream: Stream, id: number, ms = 5_000): Promise<number> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const t = stream.arrivals.get(id);
    if (t !== undefined) return t;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`evento da mensagem ${id} não chegou em ${ms} ms`);
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)]! * 10) / 10;
}

function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((n, x) => n + x, 0) / s.length;
  return {
    count: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: Math.round(s.at(-1)! * 10) / 10,
    mean: Math.round(mean * 10) / 10,
  };
}

async function run(url: string, sender: string, to: number, stream: Stream, label: string) {
  const samples: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/chat/send`, {
      method: 'POST',
      headers: { ...SPA, cookie: sender, 'content-type': 'application/json' },
      body: JSON.stringify({ to, content: `bench ${label} ${i}` }),
    });
    if (res.status !== 201) throw new Error(`envio respondeu ${res.status}`);
    const { id } = (await res.json()) as { id: number };
    samples.push((await waitArrival(stream, id)) - t0);
  }
  return summary(samples);
}

const app = await startApp();
const streams: Stream[] = [];
try {
  const sender = await signIn(app.url, 'coordenador@eproto.test');
  const receiver = await signIn(app.url, 'equipe@eproto.test');
  const me = (await (
    await fetch(`${app.url}/api/users/me`, { headers: { cookie: receiver } })
  ).json()) as {
    id: number;
  };
  const stream = openStream(app.url, receiver);
  streams.push(stream);
  await stream.ready;

  // Warm-up: JIT, connection pools, prepared plans.
  await run(app.url, sender, me.id, stream, 'aquecimento').catch(() => undefined);
  const quiet = await run(app.url, sender, me.id, stream, 'sem-carga');

  // 200 idle tabs of other people (each person may hold up to 30 streams).
  const others = [
    'ti@eproto.test',
    'administrador@eproto.test',
    'financeiro@eproto.test',
    'cfo@eproto.test',
    'gerente@eproto.test',
    'diretor@eproto.test',
    'ana.souza@eproto.test',
    'bruno.oliveira@eproto.test',
    'larissa.santos@eproto.test',
    'diego.ferreira@eproto.test',
    'tatiane.rocha@eproto.test',
    'roberto.azevedo@eproto.test',
  ];
  const cookies = await Promise.all(others.map((e) => signIn(app.url, e)));
  const idle = Array.from({ length: IDLE }, (_, i) =>
    openStream(app.url, cookies[i % cookies.length]!),
  );
  streams.push(...idle);
  await Promise.all(idle.map((s) => s.ready));
  const loaded = await run(app.url, sender, me.id, stream, 'com-ociosos');

  const report = {
    messages: MESSAGES,
    idleClients: IDLE,
    targetP95Ms: TARGET_P95_MS,
    withoutIdleClients: quiet,
    withIdleClients: loaded,
    meetsTarget: quiet.p95 < TARGET_P95_MS && loaded.p95 < TARGET_P95_MS,
    note: 'Envio sequencial; latência = do início do POST /api/chat/send até o evento chat.message no SSE do destinatário (um nó, loopback).',
  };
  console.log('\nE-Proto — latência do chat (POST /api/chat/send -> evento SSE de outro cliente)');
  const line = (name: string, r: typeof quiet) =>
    console.log(
      `  ${name.padEnd(28)} p50 ${r.p50} ms   p95 ${r.p95} ms   p99 ${r.p99} ms   máx ${r.max} ms   (${r.count} mensagens)`,
    );
  line('sem clientes ociosos', quiet);
  line(`com ${IDLE} clientes SSE ociosos`, loaded);
  console.log(
    `  Meta: p95 < ${TARGET_P95_MS} ms — ${report.meetsTarget ? 'atingida' : 'NÃO atingida'}`,
  );
  console.log(`  Relatório: ${writeReport('chat-latency', report)}`);
} finally {
  for (const s of streams) s.close();
  await app.stop();
}
