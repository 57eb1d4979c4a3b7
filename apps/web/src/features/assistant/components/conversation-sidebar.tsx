import type { AssistantConversation } from '@eproto/domain';
import {
  ActionIcon,
  Button,
  Menu,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDots, IconMessages, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';

import { ListEmpty, ListError } from '../../../components/list-states.tsx';
import { fromNow } from '../../../lib/dates.ts';
import { useDeleteConversation } from '../api/delete-conversation.ts';
import { useConversations } from '../api/get-conversations.ts';
import classes from './assistant.module.css';

interface ConversationSidebarProps {
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /** Buttons at the top right (collapse on desktop). */
  extra?: ReactNode;
}

// The rename form (react-hook-form + zod) loads when it is first opened, not with the page.
const RenameModal = lazy(() =>
  import('./rename-modal.tsx').then((m) => ({ default: m.RenameModal })),
);

/** The user's conversations: open, start a new one, rename, delete. */
export function ConversationSidebar({ selectedId, onSelect, extra }: ConversationSidebarProps) {
  const conversations = useConversations();
  const remove = useDeleteConversation();
  const [renaming, setRenaming] = useState<AssistantConversation | null>(null);

  const confirmDelete = (c: AssistantConversation) =>
    modals.openConfirmModal({
      title: 'Excluir conversa?',
      children: (
        <Text size="sm">
          A conversa “{c.titulo}” e todas as mensagens dela serão apagadas. Isso não pode ser
          desfeito.
        </Text>
      ),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove.mutate(c.id);
        if (c.id === selectedId) onSelect(null);
      },
    });

  return (
    <div className={classes.sideInner}>
      <div className={classes.sideHeader}>
        <Text fw={700} size="sm">
          Conversas
        </Text>
        {extra}
      </div>
      <Stack px="sm" pb="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onSelect(null)}
          fullWidth
        >
          Nova conversa
        </Button>
      </Stack>
      <ScrollArea className={classes.sideList} type="auto" scrollbarSize={6}>
        {conversations.isPending ? (
          <Stack gap={6} p="sm" role="status" aria-busy="true" aria-label="Carregando...">
            {[1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={40} radius="md" />
            ))}
          </Stack>
        ) : conversations.isError ? (
          <Stack p="sm">
            <ListError
              message={conversations.error.message}
              onRetry={() => void conversations.refetch()}
            />
          </Stack>
        ) : conversations.data.length === 0 ? (
          <ListEmpty
            icon={<IconMessages size={24} />}
            title="Nenhuma conversa ainda"
            hint="Faça uma pergunta para começar."
          />
        ) : (
          <nav aria-label="Conversas com o assistente">
            {conversations.data.map((c) => (
              <div
                key={c.id}
                className={classes.entry}
                data-active={c.id === selectedId || undefined}
              >
                <UnstyledButton
                  className={classes.entryButton}
                  onClick={() => onSelect(c.id)}
                  aria-current={c.id === selectedId ? 'page' : undefined}
                >
                  <Text size="sm" fw={c.id === selectedId ? 600 : 500} truncate="end">
                    {c.titulo}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {fromNow(c.updated_at)}
                  </Text>
                </UnstyledButton>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Tooltip label="Opções" openDelay={400}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        mr={4}
                        aria-label={`Opções da conversa ${c.titulo}`}
                      >
                        <IconDots size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setRenaming(c)}
                    >
                      Renomear
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => confirmDelete(c)}
                    >
                      Excluir
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </div>
            ))}
          </nav>
        )}
      </ScrollArea>
      {renaming && (
        <Suspense fallback={null}>
          <RenameModal conversation={renaming} onClose={() => setRenaming(null)} />
        </Suspense>
      )}
    </div>
  );
}
