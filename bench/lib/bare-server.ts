import Fastify from 'fastify';

// Reference point: the cheapest possible Fastify handlers, no auth, no database.
// GET / answers {"ok":true}; GET /answer answers what was last given to PUT /answer: the app's
// own answer to the measured call (status, headers, body bytes already encoded), so each read
// is compared with a bare handler putting exactly the same bytes on the wire.
const app = Fastify({ logger: false, bodyLimit: 64 * 1_048_576 });
let answer: {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  type: string;
  encoding: string;
} = {
  status: 200,
  headers: {},
  body: Buffer.from('{"ok":true}'),
  type: 'application/json',
  encoding: '',
};
app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
  done(null, body),
);
app.get('/', async () => ({ ok: true }));
app.put('/answer', async (req) => {
  const h = req.headers;
  answer = {
    status: Number(h['x-answer-status'] ?? 200),
    headers: JSON.parse(
      Buffer.from(String(h['x-answer-headers'] ?? ''), 'base64').toString() || '{}',
    ) as Record<string, string>,
    body: req.body as Buffer,
    type: String(h['x-answer-type'] ?? 'application/json'),
    encoding: String(h['x-answer-encoding'] ?? ''),
  };
  return { ok: true };
});
// /answer/<anything>: the same answer to a varying path, so the load client does the same work
// (a new path per request) for the reference as for the app.
for (const url of ['/answer', '/answer/*']) {
  app.get(url, async (_req, reply) => {
    reply.status(answer.status).headers(answer.headers).type(answer.type);
    if (answer.encoding) reply.header('content-encoding', answer.encoding);
    return reply.send(answer.body);
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
