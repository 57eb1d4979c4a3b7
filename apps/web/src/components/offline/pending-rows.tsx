import { countOf } from '@eproto/domain';
import { Badge, Button, Collapse, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';

import { dayjs } from '../../lib/dates.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { blobsOf } from '../../lib/offline/outbox-groups.ts';
import type { OutboxItem } from '../../lib/offline/outbox-types.ts';

const hour = (iso: string) => dayjs(iso).format('HH:mm');

/** "feito às 14:32" today, "feito em 25/11 às 14:32" before. */
export function when(item: OutboxItem): string {
  const at = dayjs(item.deviceTime);
  return at.isSame(dayjs(), 'day')
    ? `feito às ${at.format('HH:mm')}`
    : `feito em ${at.format('DD/MM')} às ${at.format('HH:mm')}`;
}

/** " · 3 arquivos, 1,2 MB" for the writes that carry files; '' otherwise. */
function filesText(items: readonly OutboxItem[]): string {
  const blobs = items.flatMap(blobsOf);
  if (blobs.length === 0) return '';
  const bytes = blobs.reduce((sum, b) => sum + b.size, 0);
  return ` · ${countOf(blobs.length, 'arquivo', 'arquivos')}, ${formatBytes(bytes)}`;
}

function StateBadge({ sending, label }: { sending: boolean; label?: string }) {
  return (
    <Badge color={sending ? 'blue' : 'orange'} variant="light" tt="none" style={{ flexShrink: 0 }}>
      {label ?? (sending ? 'enviando' : 'aguardando conexão')}
    </Badge>
  );
}

/** The line under a title: when, the files, and the state on the right (wraps on a phone). */
function Details({
  items,
  sending,
  state,
  text,
}: {
  items: readonly OutboxItem[];
  sending: boolean;
  state?: string;
  text?: string;
}) {
  return (
    <Group justify="space-between" gap={6} wrap="wrap" mt={2}>
      <Text size="xs" c="dimmed">
        {text ?? when(items[0]!)}
        {filesText(items)}
      </Text>
      <StateBadge sending={sending} label={state} />
    </Group>
  );
}

/** One waiting write: what it is, when it was done, its files, its state. */
export function PendingItem({ item }: { item: OutboxItem }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="outbox-pending-item">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.label}
      </Text>
      <Details items={[item]} sending={item.state === 'sending'} />
    </Paper>
  );
}

/** A write inside an open group: its own label, time, size and state. */
function GroupMember({ item }: { item: OutboxItem }) {
  const sending = item.state === 'sending';
  return (
    <Stack gap={4} data-testid="outbox-group-item" data-state={item.state}>
      <div>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.label}
        </Text>
        <Details items={[item]} sending={sending} />
      </div>
      {sending && (
        <Progress value={100} striped animated size="xs" aria-label={`Enviando ${item.label}`} />
      )}
    </Stack>
  );
}

/**
 * Related writes as one row ("3 fotos · OS-2026-000012"), opened to see each with its own
 * state. The row counts its writes, so the numbers add up to the "Pendentes (N)" badge.
 */
export function PendingGroup({ title, items }: { title: string; items: OutboxItem[] }) {
  const [opened, toggle] = useDisclosure(false);
  const sending = items.filter((i) => i.state === 'sending').length;
  const first = items[0]!.deviceTime;
  const last = items[items.length - 1]!.deviceTime;
  const span =
    hour(first) === hour(last) ? when(items[0]!) : `feitos das ${hour(first)} às ${hour(last)}`;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="outbox-pending-group">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Details
        items={items}
        text={span}
        sending={sending > 0}
        state={sending > 0 ? `enviando ${sending} de ${items.length}` : undefined}
      />
      <Button
        variant="subtle"
        size="compact-sm"
        mt={6}
        px={4}
        onClick={toggle.toggle}
        aria-expanded={opened}
        rightSection={opened ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
      >
        {opened ? 'Ocultar' : `Mostrar ${items.length}`}
      </Button>
      <Collapse expanded={opened}>
        <Stack
          gap="xs"
          mt="xs"
          pl="sm"
          style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
        >
          {items.map((i) => (
            <GroupMember key={i.key} item={i} />
          ))}
        </Stack>
      </Collapse>
    </Paper>
  );
}
