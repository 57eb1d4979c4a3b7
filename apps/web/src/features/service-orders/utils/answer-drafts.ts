import type { ChecklistValue } from './checklist-model.ts';

// Answers typed but not yet confirmed by the server survive a reload here; the checklist
// sends them again when it opens and forgets each one once the server has it.
const PREFIX = 'eproto:os-resposta:';
/** An OS id, or `<osId>-a<assetId>` for one asset's answers of an OS. */
export type DraftScope = number | string;
const keyOf = (osId: DraftScope, itemId: number) => `${PREFIX}${osId}:${itemId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps the answer being typed until the server confirms it. */
export function keepDraft(osId: DraftScope, itemId: number, value: ChecklistValue): void {
  try {
    storage()?.setItem(keyOf(osId, itemId), JSON.stringify(value));
  } catch {
    // storage full or refused: the debounced save still runs
  }
}

/** Forgets a draft once saved, unless a newer one was typed meanwhile. */
export function dropDraft(osId: DraftScope, itemId: number, saved?: ChecklistValue): void {
  const s = storage();
  if (!s) return;
  const key = keyOf(osId, itemId);
  if (saved !== undefined && s.getItem(key) !== JSON.stringify(saved)) return;
  s.removeItem(key);
}

/** The drafts of one OS that the server never confirmed, by item id. */
export function pendingDrafts(osId: DraftScope): Record<number, ChecklistValue> {
  const s = storage();
  const out: Record<number, ChecklistValue> = {};
  if (!s) return out;
  const head = `${PREFIX}${osId}:`;
  for (let i = 0; i < s.length; i += 1) {
    const key = s.key(i);
    if (!key?.startsWith(head)) continue;
    try {
      out[Number(key.slice(head.length))] = JSON.parse(s.getItem(key) ?? 'null') as ChecklistValue;
    } catch {
      s.removeItem(key);
    }
  }
  return out;
}
