// @vitest-environment node
// Node's own Blob and structured clone: what fake-indexeddb keeps is what is sent.
import 'fake-indexeddb/auto';

import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { connectivity } from '../connectivity.ts';
import { blobToDataUrl, dataUrlToBlob } from '../data-url.ts';
import { outbox } from '../outbox.ts';
import { outboxStorage } from '../outbox-store.ts';
import type { OutboxItem } from '../outbox-types.ts';

vi.mock('../../session-expiry.ts', () => ({ expireSession: vi.fn() }));

const ME = 7;
const queryClient = new QueryClient();
let online = true;
const fetchMock = vi.fn<typeof fetch>();

// The first bytes of a PNG and some more: what the signature pad gives, as a data URL.
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 250, 7]);
const PNG_URL = `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`;

const conclude = {
  kind: 'os.step',
  label: 'Conclusão e assinatura da OS-2026-000012',
  method: 'POST' as const,
  path: '/tatico/os/12/concluir',
  body: {
    tipo: 'assinada',
    cliente_nome: 'Marta Ribeiro',
    cliente_cpf: '529.982.247-25',
    assinatura: PNG_URL,
    device_time: '2026-11-26T14:00:00.000Z',
  },
  meta: { osId: 12, tipo: 'concluir' },
};

beforeEach(() => {
  online = false;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  outbox.resetForTests();
  connectivity.answered();
  await outboxStorage.clear();
});

function recordBodies(): unknown[] {
  const bodies: unknown[] = [];
  fetchMock.mockImplementation(async (_input, init) => {
    bodies.push(JSON.parse(init?.body as string));
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return bodies;
}

async function reopen() {
  outbox.resetForTests();
  await outbox.start({ userId: ME, queryClient });
}

const bytes = async (b: Blob) => new Uint8Array(await b.arrayBuffer());

describe('data URLs and Blobs', () => {
  it('round-trips the bytes and the type', async () => {
    const blob = dataUrlToBlob(PNG_URL)!;
    expect(blob.type).toBe('image/png');
    expect(await bytes(blob)).toEqual(PNG);
    expect(await blobToDataUrl(blob)).toBe(PNG_URL);
  });

  it('is not fooled by text that is not a base64 data URL', () => {
    expect(dataUrlToBlob('data: o cliente não quis assinar')).toBeNull();
    expect(dataUrlToBlob('data:image/png;base64,@@@')).toBeNull();
  });
});

describe('a signature in the outbox', () => {
  it('is kept in IndexedDB as a Blob, not as a data URL, and sent once as the route takes it', async () => {
    await outbox.start({ userId: ME, queryClient });
    expect((await outbox.enqueue(conclude, ME)).status).toBe('queued');

    const [kept] = await outboxStorage.all();
    expect(kept!.blobs?.assinatura).toBeInstanceOf(Blob);
    expect(await bytes(kept!.blobs!.assinatura!)).toEqual(PNG);
    expect(JSON.stringify(kept!.body)).not.toContain('base64');

    online = true;
    const sent = recordBodies();
    await reopen();
    await outbox.flush();
    expect(sent).toEqual([{ ...conclude.body, assinatura: PNG_URL }]);
    expect(await outboxStorage.all()).toEqual([]);
  });

  it('queued by an older version as a data URL: moved into a Blob on open, and still synced', async () => {
    const old: OutboxItem = {
      ...conclude,
      key: 'old-1',
      seq: 1,
      userId: ME,
      deviceTime: '2026-11-26T14:00:00.000Z',
      state: 'pending',
      attempts: 0,
      invalidate: [],
    };
    await outboxStorage.put(old);

    await outbox.start({ userId: ME, queryClient });
    const [migrated] = await outboxStorage.all();
    expect(migrated!.key).toBe('old-1');
    expect(migrated!.blobs?.assinatura).toBeInstanceOf(Blob);
    expect(migrated!.body).not.toHaveProperty('assinatura');

    online = true;
    const sent = recordBodies();
    await outbox.flush();
    expect(sent).toEqual([{ ...conclude.body, assinatura: PNG_URL }]);
    expect(fetchMock.mock.calls[0]![1]!.headers).toMatchObject({ 'idempotency-key': 'old-1' });
  });
});
