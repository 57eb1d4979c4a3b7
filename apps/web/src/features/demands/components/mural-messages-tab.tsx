import type { Mural } from '@eproto/domain';
import { Alert, Avatar, Group, Paper, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';

import { formatDateTime, fromNow } from '../../../lib/dates.ts';
import { useMentionables } from '../api/get-mentionables.ts';
import { useMuralMessages } from '../api/get-mural-messages.ts';
import { usePostMuralMessage } from '../api/post-mural-message.ts';
import { mentionSegments } from '../../../lib/mentions.ts';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { MentionComposer } from '../../../components/mention-composer.tsx';

/** Mensagens: the demand's conversation with @mentions. */
export function MuralMessagesTab({ mural, meId }: { mural: Mural; meId: number }) {
  const messages = useMuralMessages(mural.id);
  const people = useMentionables(mural.id);
  const post = usePostMuralMessage(mural.id);
  const viewport = useRef<HTMLDivElement>(null);
  const names = useMemo(() => (people.data ?? []).map((p) => p.nome), [people.data]);
  const count = messages.data?.length ?? 0;

  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
  }, [count]);

  return (
    <Stack gap="md">
      {messages.isPending ? (
        <ListLoading rows={3} height={64} />
      ) : messages.isError ? (
        <ListError message={messages.error.message} onRetry={() => void messages.refetch()} />
      ) : count === 0 ? (
        <ListEmpty
          icon={<IconMessageCircle size={24} />}
          title="Nenhuma mensagem ainda"
          hint="Combine detalhes com a equipe aqui. Quem for mencionado com @ recebe um aviso."
        />
      ) : (
        <ScrollArea.Autosize mah={520} viewportRef={viewport} type="auto" offsetScrollbars>
          <Stack gap="sm" aria-label="Mensagens" role="log">
            {messages.data.map((m) => {
              const mine = m.author_id === meId;
              return (
                <Group key={m.id} gap="sm" align="flex-start" wrap="nowrap">
                  <Avatar
                    src={m.author_avatar}
                    name={m.author_nome ?? undefined}
                    color="initials"
                    radius="xl"
                    size={32}
                  />
                  <Paper
                    radius="md"
                    p="sm"
                    withBorder
                    style={{
                      flex: 1,
                      minWidth: 0,
                      background: mine
                        ? 'light-dark(var(--mantine-color-brand-0), rgba(75, 102, 240, 0.12))'
                        : undefined,
                    }}
                  >
                    <Group gap={8} justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={600} truncate="end">
                        {m.author_nome ?? 'Sistema'}
                        {mine && (
                          <Text span c="dimmed" size="xs" fw={400}>
                            {' '}
                            (você)
                          </Text>
                        )}
                      </Text>
                      <Tooltip label={formatDateTime(m.created_at)}>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {fromNow(m.created_at)}
                        </Text>
                      </Tooltip>
                    </Group>
                    <Text
                      size="sm"
                      mt={4}
                      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    >
                      {mentionSegments(m.texto, names).map((s, i) =>
                        s.mention ? (
                          <Text key={i} span c="brand" fw={600}>
                            {s.text}
                          </Text>
                        ) : (
                          <span key={i}>{s.text}</span>
                        ),
                      )}
                    </Text>
                  </Paper>
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {mural.permissions.message ? (
        <MentionComposer
          people={(people.data ?? []).filter((p) => p.id !== meId)}
          sending={post.isPending}
          onSend={(texto, mentions) =>
            post.mutateAsync({ id: mural.id, body: { texto, mentions } })
          }
        />
      ) : (
        <Alert variant="light" color="gray">
          Somente quem participa da demanda pode enviar mensagens.
        </Alert>
      )}
    </Stack>
  );
}
