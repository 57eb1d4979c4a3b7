import { Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';

import { dayjs } from '../../lib/dates.ts';
import { useOnline } from '../../lib/offline/use-outbox.ts';

/** "atualizado às 14:32" (or "em 25/11 às 14:32"): when the kept data was last fetched. */
export function updatedAtText(at: number, now = Date.now()): string {
  const when = dayjs(at);
  if (when.isSame(dayjs(now), 'day')) return `atualizado às ${when.format('HH:mm')}`;
  return `atualizado em ${when.format('DD/MM')} às ${when.format('HH:mm')}`;
}

/** Shown offline beside data kept on the device, so the person knows how fresh it is. */
export function UpdatedAt({ at }: { at: number }) {
  const online = useOnline();
  if (online || at <= 0) return null;
  return (
    <Group gap={6} wrap="nowrap" c="dimmed" data-testid="offline-updated-at">
      <IconCloudOff size={14} />
      <Text size="xs">Sem conexão · dados salvos no aparelho, {updatedAtText(at)}</Text>
    </Group>
  );
}
