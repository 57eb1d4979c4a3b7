import { describe, expect, it, vi } from 'vitest';

import { fetchSyncedList, mergeSyncedList } from '../prefetch-merge.ts';

interface Row {
  id: number;
  inicio: string;
  status: string;
}
const row = (id: number, inicio: string, status = 'agendado'): Row => ({ id, inicio, status });
const byStart = (a: Row, b: Row) => a.inicio.localeCompare(b.inicio) || a.id - b.id;

const kept = {
  items: [row(1, '08:00'), row(2, '10:00'), row(3, '14:00')],
  cursor: '2026-11-26T10:00:00.000Z',
};

describe('mergeSyncedList', () => {
  it('overwrites changed rows, adds new ones, drops rows missing from ids, keeps the order', () => {
    const merged = mergeSyncedList(
      kept,
      {
        items: [row(2, '16:00', 'em_execucao'), row(4, '09:00'), row(3, '14:00', 'cancelado')],
        ids: [1, 2, 3, 4],
        cursor: '2026-11-26T11:00:00.000Z',
      },
      byStart,
    );
    expect(merged.items).toEqual([
      row(1, '08:00'),
      row(4, '09:00'),
      row(3, '14:00', 'cancelado'),
      row(2, '16:00', 'em_execucao'),
    ]);
    expect(merged.cursor).toBe('2026-11-26T11:00:00.000Z');
  });

  it('drops a kept row that left the list (deleted, moved away, another person)', () => {
    const merged = mergeSyncedList(kept, { items: [], ids: [1, 3], cursor: 'c2' });
    expect(merged.items.map((r) => r.id)).toEqual([1, 3]);
  });

  it('an answer without ids is the whole list: it replaces the kept copy', () => {
    const full = { items: [row(9, '07:00')], cursor: 'c3' };
    expect(mergeSyncedList(kept, full)).toBe(full);
  });

  it('merging the same delta twice gives the same list (overlapping cursors are harmless)', () => {
    const delta = { items: [row(2, '10:00', 'concluido')], ids: [1, 2, 3], cursor: 'c4' };
    const once = mergeSyncedList(kept, delta, byStart);
    expect(mergeSyncedList(once, delta, byStart)).toEqual(once);
  });
});

describe('fetchSyncedList', () => {
  it('asks for everything the first time, then only what changed since the kept cursor', async () => {
    const fetch = vi.fn((since: string | undefined) =>
      Promise.resolve(
        since
          ? { items: [row(3, '14:00', 'concluido')], ids: [1, 2, 3], cursor: 'c6' }
          : { items: kept.items, cursor: 'c5' },
      ),
    );
    const first = await fetchSyncedList(undefined, fetch, byStart);
    expect(fetch).toHaveBeenLastCalledWith(undefined);
    expect(first).toEqual({ items: kept.items, cursor: 'c5' });

    const second = await fetchSyncedList(first, fetch, byStart);
    expect(fetch).toHaveBeenLastCalledWith('c5');
    expect(second.items.map((r) => r.status)).toEqual(['agendado', 'agendado', 'concluido']);
    expect(second.cursor).toBe('c6');
  });

  it('a kept copy without cursor (kept before cursors existed) is fetched whole', async () => {
    const fetch = vi.fn(() => Promise.resolve({ items: [row(5, '12:00')], cursor: 'c7' }));
    await fetchSyncedList({ items: kept.items }, fetch);
    expect(fetch).toHaveBeenCalledWith(undefined);
  });
});
