import type { WorkItemMessagePosted } from '@eproto/domain';
import { Alert, Avatar, Group, Paper, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';

import { formatDateTime, fromNow } from '../../lib/dates.ts';
import { mentionSegments } from '../../lib/mentions.ts';
import { useSession } from '../../lib/session.ts';
import { ListEmpty, ListError, ListLoading } from '../list-states.tsx';
import { MentionComposer } from '../mention-composer.tsx';
import { useThreadMentionables } from './api/get-mentionables.ts';
import { useThreadMessages } from './api/get-thread-messages.ts';
import { PendingBadge } from '../offline/pending-badge.tsx';
import { usePendingThreadMessages, usePostThreadMessage } from './api/post-thread-message.ts';
import { NotNotifiedNotice } from './not-notified-notice.tsx';
import type { WorkItemRef } from './work-item-ref.ts';

/** Mensagens: the conversation of a demand or task, with @mentions. */
export function ThreadMessages({ item }: { item: WorkItemRef }) {
  const messages = useThreadMessages(item);
  const people = useThreadMentionables(item);
  const post = usePostThreadMessage(item);
  const pending = usePendingThreadMessages(item);
  const me = useSession().user;
  const meId = me?.id;
  const meName = me?.nome ?? 'Você';
  const [notice, setNotice] = useState<WorkItemMessagePosted | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const names = useMemo(() => (people.data ?? []).map((p) => p.nome), [people.data]);
  const count = (messages.data?.length ?? 0) + pending.length;

  useEffect(() => {
    const el = viewport.current;
    // jsdom has no scrollTo.
    if (el && 'scrollTo' in el) el.scrollTo({ top: el.scrollHeight });
  }, [count]);

  return (
    <Stack gap="md">
      {/* Offline without kept messages: what was written here still shows, pending. */}
      {messages.isPending && !(messages.fetchStatus === 'paused' && pending.length > 0) ? (
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
        <ScrollArea.Autosize
          mah={520}
          viewportRef={viewport}
          type="auto"
          offsetScrollbars
          scrollbars="y"
          // Autosize sizes its content to min-content: a long name would widen it past a phone.
          styles={{ content: { minWidth: 0 } }}
        >
          <Stack gap="sm" aria-label="Mensagens" role="log">
            {(messages.data ?? []).map((m) => {
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
                    <Group gap={8} justify="space-between" wrap="nowrap" align="baseline">
                      <AuthorName name={m.author_nome ?? 'Sistema'} mine={mine} />
                      <Tooltip label={formatDateTime(m.created_at)}>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
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
            {pending.map((w) => (
              <Group
                key={w.key}
                gap="sm"
                align="flex-start"
                wrap="nowrap"
                data-testid="pending-message"
              >
                <Avatar name={meName} color="initials" radius="xl" size={32} />
                <Paper
                  radius="md"
                  p="sm"
                  withBorder
                  style={{ flex: 1, minWidth: 0, opacity: 0.85 }}
                >
                  <Group gap={8} justify="space-between" wrap="nowrap" align="baseline">
                    <AuthorName name={meName} mine={Boolean(me)} />
                    <PendingBadge attention={w.state === 'attention'} />
                  </Group>
                  <Text
                    size="sm"
                    mt={4}
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {String(w.meta.texto ?? '')}
                  </Text>
                </Paper>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {notice && <NotNotifiedNotice item={item} posted={notice} onClose={() => setNotice(null)} />}
      {item.can.message ? (
        <MentionComposer
          people={(people.data ?? []).filter((p) => p.id !== meId)}
          sending={post.isPending}
          onSend={async (texto, mentions) => {
            const result = await post.mutateAsync({ texto, mentions });
            if (result.status !== 'sent') return;
            setNotice(result.data.not_notified.length > 0 ? result.data : null);
          }}
        />
      ) : (
        <Alert variant="light" color="gray">
          Somente quem participa da {item.noun} pode enviar mensagens.
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The author of a message: a long name ends in "…" (whole name on hover) while "(você)" and
 * the time beside it always stay whole, even at 390 px.
 */
function AuthorName({ name, mine }: { name: string; mine: boolean }) {
  return (
    <Group gap={4} wrap="nowrap" align="baseline" style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} truncate="end" title={name} style={{ minWidth: 0 }}>
        {name}
      </Text>
      {mine && (
        <Text span c="dimmed" size="xs" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          (você)
        </Text>
      )}
    </Group>
  );
}
