import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { memo, useEffect, useRef, useState } from 'react';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { useOsPending } from '../api/use-os-with-pending.ts';
import { useAutosave } from '../hooks/use-autosave.ts';
import { dropDraft, keepDraft } from '../utils/answer-drafts.ts';
import type { DraftScope } from '../utils/answer-drafts.ts';
import type { ChecklistItemView, ChecklistValue } from '../utils/checklist-model.ts';
import { isAnswered } from '../utils/checklist-model.ts';
import { ChecklistItemField } from './checklist-item-field.tsx';

/** Typed answers keep their text after a refusal (to be corrected); the others go back. */
const TYPED = new Set(['texto_curto', 'texto_longo']);

/** A refusal, under the input; it may appear under the OS action bar: brought into view. */
function SaveError({ error }: { error: string | null }) {
  const alert = useRef<HTMLParagraphElement>(null);
  // html scroll-padding-bottom is the bar's height (global.css): it stops above the bar.
  useEffect(() => {
    alert.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  return (
    <Text ref={alert} size="xs" c="red" role="alert">
      <IconAlertTriangle size={12} style={{ verticalAlign: -1 }} /> {error}
    </Text>
  );
}

/**
 * "Salvando…" or "Feito" beside the title, in a slot of fixed width: a save starts with the
 * blur of the tap on the next thing, and a line appearing then would move that thing from
 * under the finger (the tap lands elsewhere).
 */
function StateMark({ saving, done }: { saving: boolean; done: boolean }) {
  return (
    <Group w={84} justify="flex-end" style={{ flexShrink: 0 }}>
      {saving ? (
        <Text size="xs" c="dimmed" aria-live="polite" lh="20px">
          <IconCloudUpload size={12} style={{ verticalAlign: -1 }} /> Salvando…
        </Text>
      ) : done ? (
        <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
          Feito
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * One checklist item: title, required marker, help, the input by type and its save state.
 * Each change is kept on the phone at once and sent a moment later (or on blur). Memoised: a
 * list renders again when one answer changes or more items arrive, and the others stay.
 */
export const ChecklistItemCard = memo(function ChecklistItemCard({
  osId,
  item,
  initial,
  photoCount = 0,
  onSave,
  readOnly,
  lockedReason,
  photos,
}: {
  /** Where typed drafts are kept: the OS id, or one asset's scope of it. */
  osId: DraftScope;
  item: ChecklistItemView;
  initial: ChecklistValue;
  photoCount?: number;
  onSave: (itemId: number, value: ChecklistValue) => Promise<unknown>;
  readOnly?: boolean;
  /** Why the answer cannot be given yet (no check-in): the input is disabled and says why. */
  lockedReason?: string | null;
  photos?: ReactNode;
}) {
  const [value, setValue] = useState<ChecklistValue>(initial);
  // A number whose text is not (yet) a number within range: never shown as done.
  const [typingInvalid, setTypingInvalid] = useState(false);
  const server = useRef(initial);
  server.current = initial;
  const autosave = useAutosave<ChecklistValue>(async (v) => {
    try {
      await onSave(item.id, v);
    } catch (e) {
      // Refused: what the screen shows goes back to what the server has and the phone forgets
      // the refused draft; a typed text stays (kept for a reload too), to be corrected, but is
      // not "Feito" (see `done`).
      if (!TYPED.has(item.tipo)) {
        dropDraft(osId, item.id, v);
        setValue(server.current);
      }
      throw e;
    }
    dropDraft(osId, item.id, v);
  });

  // A value that arrives from the server (another device, realtime) replaces ours when we
  // have nothing waiting to be sent.
  useEffect(() => {
    if (autosave.state === 'salvo') setValue(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server value changes
  }, [JSON.stringify(initial)]);

  const change = (v: ChecklistValue) => {
    setValue(v);
    keepDraft(osId, item.id, v);
    autosave.change(v);
  };

  const refused = autosave.state === 'erro';
  const done = !typingInvalid && isAnswered(item, refused ? server.current : value, photoCount);
  const queued = useOsPending().answers.has(item.id);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="checklist-item"
      data-item={item.id}
      style={
        item.obrigatorio && !done
          ? { borderLeft: '4px solid var(--mantine-color-orange-6)' }
          : done
            ? { borderLeft: '4px solid var(--mantine-color-teal-6)' }
            : undefined
      }
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} style={{ minWidth: 0 }}>
            {item.titulo}
            {item.obrigatorio && (
              <Text span c="red" ml={4} aria-label="obrigatório">
                *
              </Text>
            )}
          </Text>
          <StateMark
            saving={autosave.state === 'pendente' || autosave.state === 'salvando'}
            done={done}
          />
        </Group>
        {/* Its own line: beside the title it would squeeze it on a phone. */}
        {queued && (
          <div>
            <PendingBadge />
          </div>
        )}
        {item.ajuda && (
          <Text size="sm" c="dimmed">
            {item.ajuda}
          </Text>
        )}
        {item.tipo === 'foto' && (
          <Text size="sm" c={photoCount >= (item.fotos_minimas ?? 1) ? 'dimmed' : 'orange'}>
            {photoCount} de {Math.max(1, item.fotos_minimas ?? 1)}{' '}
            {Math.max(1, item.fotos_minimas ?? 1) === 1 ? 'foto mínima' : 'fotos mínimas'}
          </Text>
        )}
        <ChecklistItemField
          item={item}
          value={value}
          onChange={change}
          onCommit={autosave.flush}
          onTyping={(v) => setTypingInvalid(v !== null && !Number.isFinite(v))}
          disabled={readOnly || Boolean(lockedReason)}
          photos={photos}
        />
        {lockedReason && item.tipo !== 'foto' && (
          <Text size="sm" c="dimmed" data-testid="checklist-locked-reason">
            {lockedReason}
          </Text>
        )}
        {refused && <SaveError error={autosave.error} />}
      </Stack>
    </Card>
  );
});
