import type { Protocol } from '@eproto/domain';
import { Button, Group, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAddProtocolNote } from '../api/add-protocol-note.ts';
import { useProtocolHistory } from '../api/get-protocol-history.ts';
import { describeHistory } from '../utils/history-format.ts';

/** Who changed what and when, newest first, plus notes. */
export function HistoryPanel({ task }: { task: Protocol }) {
  const history = useProtocolHistory(task.id);
  const note = useAddProtocolNote(task.id);
  const [texto, setTexto] = useState('');

  return (
    <Stack gap="md">
      {task.permissions.message && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Textarea
            aria-label="Anotação"
            placeholder="Registrar uma anotação no histórico"
            autosize
            minRows={1}
            maxRows={5}
            maxLength={2000}
            value={texto}
            onChange={(e) => setTexto(e.currentTarget.value)}
            flex="1 1 240px"
          />
          <Button
            variant="light"
            disabled={texto.trim() === ''}
            loading={note.isPending}
            onClick={() => note.mutate(texto.trim(), { onSuccess: () => setTexto('') })}
          >
            Registrar
          </Button>
        </Group>
      )}
      {history.isPending ? (
        <ListLoading rows={3} height={40} />
      ) : history.isError ? (
        <ListError message={history.error.message} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <ListEmpty icon={<IconHistory size={24} />} title="Sem histórico" />
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {history.data.map((h) => {
            const { title, changes } = describeHistory(h);
            return (
              <Timeline.Item key={h.id} title={title}>
                <Text size="xs" c="dimmed">
                  {h.author_nome ?? 'Sistema'} · {formatDateTime(h.created_at)}
                </Text>
                {changes.map((c) => (
                  <Text key={c} size="sm">
                    {c}
                  </Text>
                ))}
                {h.texto && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {h.texto}
                  </Text>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Stack>
  );
}
