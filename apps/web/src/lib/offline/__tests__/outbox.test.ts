// @vitest-environment node
// Node's own Blob, FormData and structured clone: what fake-indexeddb keeps is what is sent.
import 'fake-indexeddb/auto';

import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { connectivity } from '../connectivity.ts';
import { outbox } from '../outbox.ts';
import { outboxStorage } from '../outbox-store.ts';

vi.mock('../../session-expiry.ts', () => ({ expireSession: vi.fn() }));
let streamUp = true;
vi.mock('../../realtime.ts', () => ({ isRealtimeConnected: () => streamUp }));

const ME = 7;
const fetchMock = vi.fn<typeof fetch>();
let online = true;
const queryClient = new QueryClient();

beforeEach(() => {
  online = true;
  streamUp = true;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
  });
});

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  outbox.resetForTests();
  connectivity.answered();
  await outboxStorage.clear();
});

type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown };
function recordSends(answer: (s: Sent, n: number) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const s: Sent = {
      url: urlOf(input),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: init?.body,
    };
    sent.push(s);
    return answer(s, sent.length);
  });
  return sent;
}

const status = (id: number, to: string) => ({
  kind: 'agenda.status',
  label: `Iniciar ${id}`,
  method: 'POST' as const,
  path: `/tatico/agenda/${id}/status`,
  body: { status: to },
  meta: { entryId: id, status: to },
});

/** Simulates closing the app: memory is gone, IndexedDB stays. */
async function reopen() {
  outbox.resetForTests();
  await outbox.start({ userId: ME, queryClient });
}

describe('outbox', () => {
  it('offline: keeps writes across a reload and sends them in order, once, with key and device time', async () => {
    online = false;
    await outbox.start({ userId: ME, queryClient });
    const a = await outbox.enqueue(status(1, 'em_execucao'), ME);
    const b = await outbox.enqueue(status(1, 'concluido'), ME);
    expect(a.status).toBe('queued');
    expect(b.status).toBe('queued');
    expect(fetchMock).not.toHaveBeenCalled();

    await reopen();
    const kept = outbox.snapshot();
    expect(kept.map((i) => i.body)).toEqual([{ status: 'em_execucao' }, { status: 'concluido' }]);
    expect(kept.every((i) => i.state === 'pending')).toBe(true);

    online = true;
    const sent = recordSends(() => jsonResponse({ ok: true }));
    await outbox.flush();
    expect(sent.map((s) => JSON.parse(s.body as string) as unknown)).toEqual([
      { status: 'em_execucao' },
      { status: 'concluido' },
    ]);
    expect(sent[0]!.headers['idempotency-key']).toBe(kept[0]!.key);
    expect(sent[1]!.headers['idempotency-key']).toBe(kept[1]!.key);
    expect(sent[0]!.headers['x-device-time']).toBe(kept[0]!.deviceTime);
    expect(outbox.snapshot()).toEqual([]);
    expect(await outboxStorage.all()).toEqual([]);
    await outbox.flush();
    expect(sent).toHaveLength(2);
  });

  it('a write cut off mid-send (page closed) is sent again with the same key', async () => {
    online = false;
    await outbox.start({ userId: ME, queryClient });
    await outbox.enqueue(status(2, 'em_execucao'), ME);
    const [item] = await outboxStorage.all();
    await outboxStorage.put({ ...item!, state: 'sending' });
    online = true;
    const sent = recordSends(() => jsonResponse({}));
    await reopen();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['idempotency-key']).toBe(item!.key);
  });

  it('no signal or server away: the write stays pending and later ones wait behind it', async () => {
    await outbox.start({ userId: ME, queryClient });
    online = false;
    await outbox.enqueue(status(3, 'em_execucao'), ME);
    await outbox.enqueue(status(4, 'em_execucao'), ME);
    online = true;
    const sent = recordSends(() => jsonResponse({ error: 'Erro no servidor.' }, 503));
    await outbox.flush();
    expect(sent).toHaveLength(1);
    expect(outbox.snapshot().map((i) => [i.state, i.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await outbox.flush();
    expect(outbox.snapshot()).toHaveLength(2);
  });

  it('a queued write the server refuses needs attention with its reason; retry and discard', async () => {
    await outbox.start({ userId: ME, queryClient });
    online = false;
    await outbox.enqueue(status(5, 'em_execucao'), ME);
    await outbox.enqueue(status(6, 'em_execucao'), ME);
    online = true;
    recordSends((s) =>
      s.url.includes('/5/')
        ? jsonResponse({ error: 'Agendamento cancelado não pode ser iniciado.' }, 409)
        : jsonResponse({ id: 6 }),
    );
    await outbox.flush();
    const [refused] = outbox.snapshot();
    expect(outbox.snapshot()).toHaveLength(1);
    expect(refused!.state).toBe('attention');
    expect(refused!.refusal).toEqual({
      status: 409,
      message: 'Agendamento cancelado não pode ser iniciado.',
    });
    // Still there after a reload: never dropped by itself.
    await reopen();
    expect(outbox.snapshot()[0]!.state).toBe('attention');

    recordSends(() => jsonResponse({ id: 5 }));
    await outbox.retry(refused!.key);
    expect(outbox.snapshot()).toEqual([]);

    online = false;
    await outbox.enqueue(status(8, 'em_execucao'), ME);
    online = true;
    recordSends(() => jsonResponse({ error: 'Não encontrado.' }, 404));
    await outbox.flush();
    await outbox.discard(outbox.snapshot()[0]!.key);
    expect(await outboxStorage.all()).toEqual([]);
  });

  it('a refused write refetches what it touches, so the screen shows what changed meanwhile', async () => {
    await outbox.start({ userId: ME, queryClient });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    online = false;
    await outbox.enqueue({ ...status(9, 'em_execucao'), invalidate: [['agenda']] }, ME);
    online = true;
    recordSends(() => jsonResponse({ error: 'Agendamento cancelado não pode ser iniciado.' }, 409));
    await outbox.flush();
    expect(outbox.snapshot()[0]!.state).toBe('attention');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['agenda'] });
  });

  it('an announced write refetches nothing once applied (its push event does), only on refusal', async () => {
    await outbox.start({ userId: ME, queryClient });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    online = false;
    const write = { ...status(9, 'em_execucao'), invalidate: [['agenda']], announced: true };
    await outbox.enqueue(write, ME);
    await outbox.enqueue({ ...write, path: '/tatico/agenda/10/status' }, ME);
    online = true;
    recordSends((s) =>
      s.url.includes('/9/') ? jsonResponse({ id: 9 }, 200) : jsonResponse({ error: 'Não.' }, 409),
    );
    await outbox.flush();
    expect(outbox.snapshot()).toHaveLength(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['agenda'] });
  });

  it('an announced write applied while the push stream is down refetches what it touches', async () => {
    await outbox.start({ userId: ME, queryClient });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    online = false;
    const write = { ...status(9, 'em_execucao'), invalidate: [['agenda']], announced: true };
    await outbox.enqueue(write, ME);
    // Back from no signal: the write goes before the stream has reconnected.
    online = true;
    streamUp = false;
    recordSends(() => jsonResponse({ id: 9 }, 200));
    await outbox.flush();
    expect(outbox.snapshot()).toHaveLength(0);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['agenda'] });
  });

  it('online: answers at once; a refusal right away is an ordinary error, not kept', async () => {
    await outbox.start({ userId: ME, queryClient });
    recordSends((s) =>
      s.url.includes('/9/') ? jsonResponse({ id: 9 }, 200) : jsonResponse({ error: 'Não.' }, 403),
    );
    await expect(outbox.enqueue(status(9, 'em_execucao'), ME)).resolves.toEqual({
      status: 'sent',
      data: { id: 9 },
    });
    await expect(outbox.enqueue(status(10, 'em_execucao'), ME)).rejects.toMatchObject({
      status: 403,
      message: 'Não.',
    });
    expect(await outboxStorage.all()).toEqual([]);
  });

  it('an expired session keeps the write for after the next sign-in', async () => {
    await outbox.start({ userId: ME, queryClient });
    online = false;
    await outbox.enqueue(status(11, 'em_execucao'), ME);
    online = true;
    recordSends(() => jsonResponse({ error: 'Sessão expirada ou inválida.' }, 401));
    await outbox.flush();
    expect(outbox.snapshot()[0]!.state).toBe('pending');
  });

  it("keeps photos as Blobs and sends them as multipart; only the author's session sends", async () => {
    online = false;
    await outbox.start({ userId: ME, queryClient });
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' });
    await outbox.enqueue(
      {
        kind: 'os.photo',
        label: 'Foto 1',
        method: 'POST',
        path: '/os/1/fotos',
        form: {
          fields: { legenda: 'Quadro' },
          files: [{ field: 'file', blob: photo, name: 'a.jpg' }],
        },
      },
      ME,
    );
    online = true;
    const sent = recordSends(() => jsonResponse({ id: 1 }, 201));
    outbox.resetForTests();
    await outbox.start({ userId: 99, queryClient });
    expect(sent).toHaveLength(0);

    await reopen();
    expect(sent).toHaveLength(1);
    const form = sent[0]!.body as FormData;
    expect(form.get('legenda')).toBe('Quadro');
    const file = form.get('file') as File;
    expect(file.name).toBe('a.jpg');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]),
    );
  });
});
