import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

import { pendingDrafts } from '../utils/answer-drafts.ts';
import type { DraftScope } from '../utils/answer-drafts.ts';
import type { ChecklistItemView, ChecklistValue } from '../utils/checklist-model.ts';
import { ChecklistItemCard } from './checklist-item-card.tsx';

/**
 * The checklist of an OS, item by item. Answers typed before a reload that the server never
 * got come back from the phone and are sent again when the list opens.
 */
export function Checklist({
  osId,
  items,
  firstItems,
  answers,
  photoCounts,
  onSave,
  readOnly,
  lockedReason,
  renderPhotos,
}: {
  /** Where typed drafts are kept: the OS id, or one asset's scope of it. */
  osId: DraftScope;
  items: readonly ChecklistItemView[];
  /**
   * Only this many items render with the list (a phone's first screen); the others follow in a
   * transition started once those are on screen, which React renders in 5 ms slices. All at
   * once when unset.
   */
  firstItems?: number;
  answers: Readonly<Record<number, ChecklistValue>>;
  photoCounts: Readonly<Record<number, number>>;
  onSave: (itemId: number, value: ChecklistValue) => Promise<unknown>;
  readOnly?: boolean;
  /** Answers cannot be given yet (before the check-in): each input is disabled with this. */
  lockedReason?: string | null;
  renderPhotos?: (item: ChecklistItemView) => ReactNode;
}) {
  const drafts = useRef<Record<number, ChecklistValue> | null>(null);
  drafts.current ??= readOnly ? {} : pendingDrafts(osId);
  const ids = new Set(items.map((i) => i.id));
  const [all, setAll] = useState(firstItems === undefined);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  // The cards are memoised: one function for the list's lifetime, calling the latest onSave, so
  // a card whose item and answer did not change does not render again when the list does.
  const latestSave = useRef(onSave);
  latestSave.current = onSave;
  const save = useCallback(
    (itemId: number, value: ChecklistValue) => latestSave.current(itemId, value),
    [],
  );

  useEffect(() => {
    if (lockedReason) return;
    for (const [key, value] of Object.entries(drafts.current ?? {})) {
      const itemId = Number(key);
      if (!ids.has(itemId)) continue;
      if (JSON.stringify(value) !== JSON.stringify(answers[itemId] ?? null)) {
        void onSave(itemId, value).catch(() => undefined);
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the list opens
  }, [osId]);

  return (
    <Stack gap="sm" data-testid="checklist">
      {(all ? items : items.slice(0, firstItems)).map((item) => (
        <ChecklistItemCard
          key={item.id}
          osId={osId}
          item={item}
          initial={drafts.current?.[item.id] ?? answers[item.id] ?? null}
          photoCount={photoCounts[item.id] ?? 0}
          onSave={save}
          readOnly={readOnly}
          lockedReason={lockedReason}
          photos={item.tipo === 'foto' ? renderPhotos?.(item) : undefined}
        />
      ))}
    </Stack>
  );
}
