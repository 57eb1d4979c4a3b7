import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { useOsPending } from '../api/use-os-with-pending.ts';
import { useAutosave } from '../hooks/use-autosave.ts';
import { dropDraft, keepDraft } from '../utils/answer-drafts.ts';
import type { ChecklistItemView, ChecklistValue } from '../utils/checklist-model.ts';
import { isAnswered } from '../utils/checklist-model.ts';
import { ChecklistItemField } from './checklist-item-field.tsx';

function SaveState({ state, error }: { state: string; error: string | null }) {
  if (state === 'erro') {
    return (
      <Text size="xs" c="red" role="alert">
        <IconAlertTriangle size={12} style={{ verticalAlign: -1 }} /> {error}
      </Text>
    );
  }
  if (state === 'pendente' || state === 'salvando') {
    return (
      <Text size="xs" c="dimmed" aria-live="polite">
        <IconCloudUpload size={12} style={{ verticalAlign: -1 }} /> Salvando…
      </Text>
    );
  }
  return null;
}

/**
 * One checklist item: title, required marker, help, the input by type and its save state.
 * Each change is kept on the phone at once and sent a moment later (or on blur).
 */
export function ChecklistItemCard({
  osId,
  item,
  initial,
  photoCount = 0,
  onSave,
  readOnly,
  photos,
}: {
  osId: number;
  item: ChecklistItemView;
  initial: ChecklistValue;
  photoCount?: number;
  onSave: (itemId: number, value: ChecklistValue) => Promise<unknown>;
  readOnly?: boolean;
  photos?: ReactNode;
}) {
  const [value, setValue] = useState<ChecklistValue>(initial);
  const autosave = useAutosave<ChecklistValue>(async (v) => {
    await onSave(item.id, v);
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

  const done = isAnswered(item, value, photoCount);
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
          {done && (
            <Badge
              color="teal"
              variant="light"
              leftSection={<IconCheck size={12} />}
              style={{ flexShrink: 0 }}
            >
              Feito
            </Badge>
          )}
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
          disabled={readOnly}
          photos={photos}
        />
        <SaveState state={autosave.state} error={autosave.error} />
      </Stack>
    </Card>
  );
}
