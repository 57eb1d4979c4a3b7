import { Button, Center, Loader, Stack, Text, Timeline } from '@mantine/core';
import {
  IconArrowsExchange,
  IconChecks,
  IconHistory,
  IconLink,
  IconMessage,
  IconNote,
  IconPaperclip,
  IconPencil,
  IconPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useMemo } from 'react';

import { formatDateTime } from '../../lib/dates.ts';
import { ListEmpty, ListError, ListLoading } from '../list-states.tsx';
import { useThreadMentionables } from './api/get-mentionables.ts';
import { useThreadHistory } from './api/get-thread-history.ts';
import { historyChanges, type HistoryNames } from './history-format.ts';
import { ThreadNoteForm } from './thread-note-form.tsx';
import type { WorkItemRef } from './work-item-ref.ts';

function iconOf(action: string) {
  if (action === 'criada') return <IconPlus size={12} />;
  if (action === 'etapa_alterada') return <IconArrowsExchange size={12} />;
  if (action === 'mensagem') return <IconMessage size={12} />;
  if (action.startsWith('anexo')) return <IconPaperclip size={12} />;
  if (action.startsWith('participante')) return <IconUsers size={12} />;
  if (action === 'nota') return <IconNote size={12} />;
  if (action.startsWith('dependencia')) return <IconLink size={12} />;
  if (action.startsWith('revisao')) return <IconChecks size={12} />;
  return <IconPencil size={12} />;
}

interface Props {
  item: WorkItemRef;
  /** Label of an action of this kind ('criada' -> 'Demanda criada'). */
  label: (action: string) => string;
  /** Names the page knows besides the people (boards, contracts), and its responsável. */
  names?: Omit<HistoryNames, 'people'>;
  responsavel?: { id: number | null; nome: string | null };
}

/** Histórico: who changed what and when, with before and after; notes can be added. */
export function ThreadHistory({ item, label, names: known, responsavel }: Props) {
  const history = useThreadHistory(item);
  const entries = useMemo(() => history.data?.pages.flat() ?? [], [history.data]);
  const people = useThreadMentionables(item);

  const names = useMemo<HistoryNames>(() => {
    const map = new Map((people.data ?? []).map((p) => [p.id, p.nome]));
    if (responsavel?.id && responsavel.nome) map.set(responsavel.id, responsavel.nome);
    for (const h of entries) if (h.author_id && h.author_nome) map.set(h.author_id, h.author_nome);
    return { ...known, people: map };
  }, [people.data, entries, known, responsavel?.id, responsavel?.nome]);

  return (
    <Stack gap="lg">
      {item.can.message && <ThreadNoteForm item={item} />}
      {history.isPending ? (
        <ListLoading rows={4} height={48} />
      ) : history.isError ? (
        <ListError message={history.error.message} onRetry={() => void history.refetch()} />
      ) : entries.length === 0 ? (
        <ListEmpty icon={<IconHistory size={24} />} title="Sem histórico" />
      ) : (
        <Stack gap="sm">
          <Timeline bulletSize={22} lineWidth={2} aria-label="Histórico">
            {entries.map((h) => {
              const changes = historyChanges(h, names);
              return (
                <Timeline.Item
                  key={h.id}
                  bullet={iconOf(h.action)}
                  title={
                    <Text size="sm" fw={600}>
                      {label(h.action)}
                    </Text>
                  }
                >
                  <Text size="xs" c="dimmed">
                    {h.author_nome ?? 'Sistema'} · {formatDateTime(h.created_at)}
                  </Text>
                  {h.texto && h.action !== 'anexo_removido' && (
                    <Text
                      size="sm"
                      mt={4}
                      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    >
                      {h.texto}
                    </Text>
                  )}
                  {changes.length > 0 && h.action !== 'criada' && (
                    <Stack gap={2} mt={4}>
                      {changes.map((c) => (
                        <Text key={c.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          <Text span c="dimmed">
                            {c.label}:
                          </Text>{' '}
                          {c.before !== null && (
                            <>
                              <Text span td="line-through" c="dimmed">
                                {c.before}
                              </Text>
                              {' → '}
                            </>
                          )}
                          <Text span fw={500}>
                            {c.after}
                          </Text>
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Timeline.Item>
              );
            })}
          </Timeline>
          {(history.hasNextPage || history.isFetchingNextPage) && (
            <Center>
              {history.isFetchingNextPage ? (
                <Loader size="sm" type="dots" aria-label="Carregando mais" />
              ) : (
                <Button variant="subtle" size="xs" onClick={() => void history.fetchNextPage()}>
                  Carregar mais
                </Button>
              )}
            </Center>
          )}
        </Stack>
      )}
    </Stack>
  );
}
