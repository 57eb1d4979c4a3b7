import { badgeText } from '@eproto/domain';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  CloseButton,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import classes from './chat.module.css';

/** One conversation in the side list (a person or a contract room). */
export interface ListEntry {
  id: number;
  title: string;
  subtitle?: string;
  avatar?: ReactNode;
  unread: number;
  preview?: string;
  time?: string;
}

interface ConversationListProps {
  title: string;
  entries: ListEntry[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  search: string;
  onSearch: (value: string) => void;
  searchPlaceholder: string;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  emptyText: string;
  /** Something above the list (e.g. a switch between direct and contract chat). */
  extra?: ReactNode;
}

/** Side list of conversations with search, unread badges and loading/empty/error states. */
export function ConversationList(props: ConversationListProps) {
  const { entries, selectedId, onSelect, search } = props;
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
        {props.loading ? (
          <Stack gap={4} px="md" role="status" aria-busy="true" aria-label="Carregando...">
            {Array.from({ length: 7 }, (_, i) => (
              <Skeleton key={i} height={56} radius="md" />
            ))}
          </Stack>
        ) : props.error ? (
          <Alert
            m="md"
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Erro ao carregar"
          >
            <Text size="sm" mb="sm">
              Não foi possível carregar as conversas.
            </Text>
            <Button size="xs" variant="light" color="red" onClick={props.onRetry}>
              Tentar novamente
            </Button>
          </Alert>
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
                    {e.time && (
                      <Text
                        size="xs"
                        c={e.unread > 0 ? 'brand' : 'dimmed'}
                        style={{ flexShrink: 0 }}
                      >
                        {e.time}
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
