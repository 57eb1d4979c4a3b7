// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { pendingRows } from '../outbox-groups.ts';
import type { OutboxGroup, OutboxItem } from '../outbox-types.ts';

let seq = 0;
const write = (label: string, group?: OutboxGroup): OutboxItem => {
  seq += 1;
  return {
    key: `k${seq}`,
    seq,
    userId: 7,
    kind: 'os.step',
    label,
    meta: {},
    ...(group && { group }),
    deviceTime: '2026-11-26T13:00:00.000Z',
    state: 'pending',
    attempts: 0,
    invalidate: [],
    method: 'POST',
    path: '/x',
  };
};
const photos = (os: number): OutboxGroup => ({
  id: `os:${os}:fotos`,
  noun: ['foto', 'fotos'],
  of: `OS-2026-0000${os}`,
});
const answers: OutboxGroup = {
  id: 'os:12:checklist',
  noun: ['resposta do checklist', 'respostas do checklist'],
  of: 'OS-2026-000012',
};

describe('pendingRows', () => {
  it('three photos of one OS are one row at the place of the first, in the queue order', () => {
    const items = [
      write('Check-in na OS-2026-000012'),
      write('Foto 1', photos(12)),
      write('Temperatura', answers),
      write('Foto 2', photos(12)),
      write('Pressão', answers),
      write('Foto 3', photos(12)),
      write('Conclusão'),
    ];
    const rows = pendingRows(items);
    expect(rows.map((r) => (r.type === 'item' ? r.item.label : r.title))).toEqual([
      'Check-in na OS-2026-000012',
      '3 fotos · OS-2026-000012',
      '2 respostas do checklist · OS-2026-000012',
      'Conclusão',
    ]);
    const group = rows[1]!;
    expect(group.type === 'group' && group.items.map((i) => i.label)).toEqual([
      'Foto 1',
      'Foto 2',
      'Foto 3',
    ]);
    // Every write is in exactly one row: the badge's count stays the sum of the rows.
    const counted = rows.reduce((n, r) => n + (r.type === 'item' ? 1 : r.items.length), 0);
    expect(counted).toBe(items.length);
  });

  it('a group of one is the write itself; photos of two OSs stay apart', () => {
    const rows = pendingRows([write('Foto A', photos(12)), write('Foto B', photos(13))]);
    expect(rows.map((r) => r.type)).toEqual(['item', 'item']);
  });
});
