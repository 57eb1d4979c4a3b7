import { badgeText } from '@eproto/domain';
import {
  Avatar,
  Badge,
  Box,
  CloseButton,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { ListError } from '../../../components/list-states.tsx';
import { previewTime } from '../utils/chat-dates.ts';

import classes from './chat.module.css';
import { TextInput } from '../../../components/text-fields.tsx';

/** One conversation in the side list (a person or a contract room). */
export interface ListEntry {
  id: number;
  title: string;
  subtitle?: string;
  avatar?: ReactNode;
  unread: number;
  preview?: string;
  /** When the last message was sent (ISO). */
  lastAt?: string;
}

interface ConversationListProps {
  title: string;
  entries: ListEntry[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  search: string;
  onSearch: (value: string) => void;
  searchPlaceholder: string;
  /** The conversations' query: loading, error and retry. */
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch'>;
  emptyText: string;
  /** Something above the list (e.g. a switch between direct and contract chat). */
  extra?: ReactNode;
}

/** Side list of conversations with search, unread badges and loading/empty/error states. */
export function ConversationList(props: ConversationListProps) {
  const { entries, selectedId, onSelect, search, query } = props;
  const totalUnread = entries.reduce((n, e) => n + e.unread, 0);
  return (
    <>
      <div className={classes.sideHeader}>
        <Group justify="space-between" gap="xs">
          <Title order={1} fz={20}>
            {props.title}
          </Title>
          {totalUnread > 0 && (
            <Badge color="red" variant="filled" aria-label={`${totalUnread} não lidas`}>
              {badgeText(totalUnread)}
            </Badge>
          )}
        </Group>
        {props.extra}
        <TextInput
          value={search}
          onChange={(e) => props.onSearch(e.currentTarget.value)}
          placeholder={props.searchPlaceholder}
          aria-label={props.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label="Limpar busca" onClick={() => props.onSearch('')} />
            ) : null
          }
        />
      </div>
      <ScrollArea className={classes.listScroll} type="auto" scrollbarSize={6}>
        {query.isPending ? (
          <Stack gap={4} px="md" role="status" aria-busy="true" aria-label="Carregando...">
            {Array.from({ length: 7 }, (_, i) => (
              <Skeleton key={i} height={56} radius="md" />
            ))}
          </Stack>
        ) : query.isError ? (
          <Box m="md">
            <ListError
              message="Não foi possível carregar as conversas."
              onRetry={() => void query.refetch()}
            />
          </Box>
        ) : entries.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" p="xl">
            {search ? 'Nenhum resultado para a busca.' : props.emptyText}
          </Text>
        ) : (
          <nav aria-label={props.title}>
            {entries.map((e) => (
              <UnstyledButton
                key={e.id}
                className={classes.entry}
                data-active={e.id === selectedId || undefined}
                aria-current={e.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(e.id)}
              >
                {e.avatar}
                <div className={classes.entryBody}>
                  <Group justify="space-between" gap={6} wrap="nowrap">
                    <Text size="sm" fw={600} truncate="end">
                      {e.title}
                    </Text>
                    {e.lastAt && (
                      <Text
                        size="xs"
                        c={e.unread > 0 ? 'brand' : 'dimmed'}
                        style={{ flexShrink: 0 }}
                      >
                        {previewTime(e.lastAt)}
                      </Text>
                    )}
                  </Group>
                  <Group justify="space-between" gap={6} wrap="nowrap">
                    <Text
                      size="xs"
                      c="dimmed"
                      truncate="end"
                      className={classes.entryPreview}
                      data-unread={e.unread > 0 || undefined}
                    >
                      {e.preview ?? e.subtitle ?? ''}
                    </Text>
                    {e.unread > 0 && (
                      <Badge
                        size="sm"
                        circle={e.unread < 10}
                        color="red"
                        variant="filled"
                        aria-label={`${e.unread} não lidas`}
                        style={{ flexShrink: 0 }}
                      >
                        {badgeText(e.unread)}
                      </Badge>
                    )}
                  </Group>
                </div>
              </UnstyledButton>
            ))}
          </nav>
        )}
      </ScrollArea>
    </>
  );
}

/** Round avatar with initials when there is no picture. */
export function PersonAvatar({
  name,
  src,
  size = 40,
}: {
  name: string;
  src?: string | null;
  size?: number;
}) {
  return <Avatar src={src ?? null} name={name} color="initials" radius="xl" size={size} />;
}
