import type { Protocol } from '@eproto/domain';
import { Alert, Button, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconMessageReport } from '@tabler/icons-react';
import { Link } from 'react-router';

import { formatDateTime, fromNow } from '../../../lib/dates.ts';

/** Where the task stands in the review flow (waiting, approved, sent back with a comment). */
export function ReviewState({ task }: { task: Protocol }) {
  if (task.review_status === 'pendente' && task.stage === 'em_revisao') {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconClockHour4 size={18} />}
        title="Aguardando revisão"
      >
        <Text size="sm">
          Enviada para revisão {task.review_requested_at ? fromNow(task.review_requested_at) : ''}.
          Um gestor do contrato aprova a conclusão ou devolve com um comentário.
        </Text>
        {task.permissions.review && (
          <Button
            component={Link}
            to="/eproto/reviews"
            size="xs"
            variant="light"
            color="yellow"
            mt="xs"
          >
            Abrir revisões
          </Button>
        )}
      </Alert>
    );
  }
  if (task.review_status === 'rejeitado') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconMessageReport size={18} />}
        title="Revisão pediu ajustes"
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {task.review_comment}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {task.reviewed_by_nome ?? 'Gestor'} · {formatDateTime(task.reviewed_at)}
        </Text>
      </Alert>
    );
  }
  if (task.review_status === 'aprovado' && task.reviewed_by_nome) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={18} />}
        title="Revisão aprovada"
      >
        <Text size="sm">
          Aprovada por {task.reviewed_by_nome} em {formatDateTime(task.reviewed_at)}.
          {task.review_comment ? ` ${task.review_comment}` : ''}
        </Text>
      </Alert>
    );
  }
  return null;
}
