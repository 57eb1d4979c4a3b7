import type { FeedItem } from '@eproto/domain';
import { Anchor, Avatar, Box, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { Link } from 'react-router';

import { formatDateTime, fromNow } from '../../../lib/dates.ts';
import { actionLook } from './feed-meta.ts';

/** One event: who, what, on which demand or task, when. */
export function FeedEntry({ item }: { item: FeedItem }) {
  const look = actionLook(item.action);
  const ActionIcon = look.icon;
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" py="xs">
      <Box pos="relative" style={{ flexShrink: 0 }}>
        {item.author ? (
          <Avatar src={item.author.avatar} name={item.author.nome} color="initials" radius="xl" />
        ) : (
          <Avatar radius="xl" color="gray" aria-label="Sistema">
            <IconRobot size={20} />
          </Avatar>
        )}
        <ThemeIcon
          size={20}
          radius="xl"
          color={look.color}
          pos="absolute"
          bottom={-4}
          right={-6}
          style={{ border: '2px solid var(--mantine-color-body)' }}
          aria-hidden
        >
          <ActionIcon size={12} />
        </ThemeIcon>
      </Box>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text size="sm">
          <Text span fw={600}>
            {item.author?.nome ?? 'Sistema'}
          </Text>{' '}
          · {item.label}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {item.protocol_id !== null ? (
            <>
              Tarefa{' '}
              <Anchor component={Link} to={item.links.web} size="sm">
                {item.protocol_titulo}
              </Anchor>{' '}
              em{' '}
              <Anchor
                component={Link}
                to={`/eproto/murals/${item.mural_id}`}
                size="sm"
                c="dimmed"
                underline="always"
              >
                {item.mural_titulo}
              </Anchor>
            </>
          ) : (
            <>
              Demanda{' '}
              <Anchor component={Link} to={item.links.web} size="sm">
                {item.mural_titulo}
              </Anchor>
            </>
          )}
        </Text>
        {item.texto && (
          <Text
            size="sm"
            lineClamp={3}
            pl="xs"
            style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }}
          >
            {item.texto}
          </Text>
        )}
      </Stack>
      <Tooltip label={formatDateTime(item.created_at)}>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {fromNow(item.created_at)}
        </Text>
      </Tooltip>
    </Group>
  );
}
