import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';

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
      {items.map((item) => (
        <ChecklistItemCard
          key={item.id}
          osId={osId}
          item={item}
          initial={drafts.current?.[item.id] ?? answers[item.id] ?? null}
          photoCount={photoCounts[item.id] ?? 0}
          onSave={onSave}
          readOnly={readOnly}
          lockedReason={lockedReason}
          photos={item.tipo === 'foto' ? renderPhotos?.(item) : undefined}
        />
      ))}
    </Stack>
  );
}
