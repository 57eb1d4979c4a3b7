// @vitest-environment node
// Node's own Blob, FormData and structured clone: what fake-indexeddb keeps is what is sent.
import 'fake-indexeddb/auto';

import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { connectivity } from '../connectivity.ts';
import { outbox } from '../outbox.ts';
import { outboxStorage } from '../outbox-store.ts';

vi.mock('../../session-expiry.ts', () => ({ expireSession: vi.fn() }));

const ME = 7;
const fetchMock = vi.fn<typeof fetch>();
let online = false;
const queryClient = new QueryClient();

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

const answer = (valor: number, deviceTime?: string) => ({
  kind: 'os.step',
  label: 'Checklist',
  method: 'PUT' as const,
  path: '/tatico/os/5/checklist/9',
  body: { valor_numero: valor },
  replaces: true,
  ...(deviceTime && { deviceTime }),
});

describe('outbox: what OS steps need', () => {
  it('keeps the device time the step was made at, not the time it was queued or sent', async () => {
    await outbox.start({ userId: ME, queryClient });
    await outbox.enqueue(answer(4, '2026-11-26T13:05:00.000Z'), ME);
    expect(outbox.snapshot()[0]!.deviceTime).toBe('2026-11-26T13:05:00.000Z');
    const kept = await outboxStorage.all();
    expect(kept[0]!.deviceTime).toBe('2026-11-26T13:05:00.000Z');
  });

  it('a newer value of the same answer replaces the one still waiting (one write, not one per keystroke)', async () => {
    await outbox.start({ userId: ME, queryClient });
    await outbox.enqueue(answer(4), ME);
    await outbox.enqueue(answer(45), ME);
    await outbox.enqueue({ ...answer(7), path: '/tatico/os/5/checklist/10' }, ME);
    await outbox.enqueue(answer(45.5), ME);
    const bodies = outbox.snapshot().map((i) => [i.path, i.body]);
    expect(bodies).toEqual([
      ['/tatico/os/5/checklist/10', { valor_numero: 7 }],
      ['/tatico/os/5/checklist/9', { valor_numero: 45.5 }],
    ]);
    expect(await outboxStorage.all()).toHaveLength(2);
  });

  it('a write without `replaces` is never merged, and a refused one is not replaced', async () => {
    await outbox.start({ userId: ME, queryClient });
    const { replaces: _r, ...plain } = answer(1);
    await outbox.enqueue(plain, ME);
    await outbox.enqueue(plain, ME);
    expect(outbox.snapshot()).toHaveLength(2);
    const first = outbox.snapshot()[0]!;
    await outboxStorage.put({
      ...first,
      state: 'attention',
      refusal: { status: 409, message: 'x' },
    });
    outbox.resetForTests();
    await outbox.start({ userId: ME, queryClient });
    await outbox.enqueue(answer(2), ME);
    expect(outbox.snapshot().map((i) => i.state)).toEqual(['attention', 'pending']);
  });

  it('photo Blobs survive IndexedDB and a reopen byte for byte', async () => {
    await outbox.start({ userId: ME, queryClient });
    const bytes = new Uint8Array(2048).map((_, i) => i % 251);
    await outbox.enqueue(
      {
        kind: 'os.step',
        label: 'Foto da OS-2026-000001',
        method: 'POST',
        path: '/tatico/os/5/fotos',
        form: {
          fields: { meta: '[{"tag":"antes"}]' },
          files: [
            { field: 'file', blob: new Blob([bytes], { type: 'image/jpeg' }), name: 'f.jpg' },
          ],
        },
      },
      ME,
    );
    outbox.resetForTests();
    await outbox.start({ userId: ME, queryClient });
    const blob = outbox.snapshot()[0]!.form!.files[0]!.blob;
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('image/jpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });
});
