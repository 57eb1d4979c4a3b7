import type { TicketEvent } from '@eproto/domain';
import { TICKET_STATUS_LABELS } from '@eproto/domain';
import { Avatar, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';

import { formatDateTime, fromNow } from '../../../lib/dates.ts';

function When({ at }: { at: string }) {
  return (
    <Tooltip label={formatDateTime(at)}>
      <Text size="xs" c="dimmed" component="span">
        {fromNow(at)}
      </Text>
    </Tooltip>
  );
}

/** Comments from both sides and status changes, oldest first. */
export function TicketTimeline({ events, openerId }: { events: TicketEvent[]; openerId: number }) {
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhum comentário ainda.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {events.map((e) =>
        e.kind === 'status' ? (
          <Group key={e.id} gap={6} pl={4} wrap="nowrap" align="flex-start">
            <IconArrowRight size={14} style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm" c="dimmed">
              {e.author?.nome ?? 'Alguém'} mudou o status para{' '}
              <Text span fw={600} c="var(--mantine-color-text)">
                {e.status ? TICKET_STATUS_LABELS[e.status] : '—'}
              </Text>{' '}
              · <When at={e.createdAt} />
            </Text>
          </Group>
        ) : (
          <Group key={e.id} gap="sm" align="flex-start" wrap="nowrap">
            <Avatar
              src={e.author?.avatar}
              name={e.author?.nome ?? '?'}
              color="initials"
              radius="xl"
              size={32}
            />
            <Paper
              withBorder
              radius="md"
              p="sm"
              flex={1}
              miw={0}
              bg={
                e.author?.id === openerId
                  ? undefined
                  : 'light-dark(var(--mantine-color-blue-0), rgba(75, 102, 240, 0.12))'
              }
            >
              <Group gap={8} mb={4}>
                <Text size="sm" fw={600}>
                  {e.author?.nome ?? 'Usuário removido'}
                </Text>
                {e.author && e.author.id !== openerId && (
                  <Text size="xs" c="blue">
                    TI
                  </Text>
                )}
                <When at={e.createdAt} />
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {e.texto}
              </Text>
            </Paper>
          </Group>
        ),
      )}
    </Stack>
  );
}
