import type { OutboxItem } from './outbox-types.ts';

/** One row of the Pendentes panel: a write alone, or related writes together. */
export type PendingRow =
  | { type: 'item'; item: OutboxItem }
  | { type: 'group'; id: string; title: string; items: OutboxItem[] };

/**
 * The waiting writes as panel rows, in the queue's order: writes of one group (the photos of
 * one OS, its checklist answers) share the row of the first of them, titled "3 fotos ·
 * OS-2026-000012". A group of one is shown as the write itself. Refused writes are not grouped
 * here: each stays visible with its own reason.
 */
export function pendingRows(items: readonly OutboxItem[]): PendingRow[] {
  const rows: PendingRow[] = [];
  const groups = new Map<string, Extract<PendingRow, { type: 'group' }>>();
  for (const item of items) {
    const g = item.group;
    if (!g) {
      rows.push({ type: 'item', item });
      continue;
    }
    const row = groups.get(g.id);
    if (row) {
      row.items.push(item);
      continue;
    }
    const created = { type: 'group' as const, id: g.id, title: '', items: [item] };
    groups.set(g.id, created);
    rows.push(created);
  }
  return rows.map((row) => {
    if (row.type === 'item') return row;
    if (row.items.length === 1) return { type: 'item', item: row.items[0]! };
    const g = row.items[0]!.group!;
    const n = row.items.length;
    return { ...row, title: `${n} ${n === 1 ? g.noun[0] : g.noun[1]} · ${g.of}` };
  });
}

/** Files a write carries (photos, a signature), for the panel's sizes. */
export function blobsOf(item: OutboxItem): Blob[] {
  return [...(item.form?.files.map((f) => f.blob) ?? []), ...Object.values(item.blobs ?? {})];
}
