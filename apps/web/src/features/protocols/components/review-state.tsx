import '../../../lib/zod-locale.ts';

import { reviewRejectBody, textMaxLength, type Protocol } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  IconCheck,
  IconCircleCheck,
  IconClockHour4,
  IconMessageReport,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { formatDateTime, fromNow } from '../../../lib/dates.ts';
import { useDecideReview } from '../api/decide-review.ts';
import { Textarea } from '../../../components/text-fields.tsx';

/**
 * Approve and reject for reviewers, right on the task page; the rejection's comment is the
 * domain's reviewRejectBody (required, at least 3 characters, trimmed).
 */
function Decision({ task }: { task: Protocol }) {
  const decide = useDecideReview(task.id);
  const [rejecting, setRejecting] = useState(false);
  const form = useForm({
    resolver: zodResolver(reviewRejectBody),
    defaultValues: { comment: '' },
  });
  const reject = form.handleSubmit(({ comment }) =>
    decide.mutate({ decision: 'reject', comment }, { onSuccess: () => setRejecting(false) }),
  );
  return (
    <>
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          color="teal"
          leftSection={<IconCheck size={14} />}
          loading={decide.isPending && decide.variables.decision === 'approve'}
          onClick={() => decide.mutate({ decision: 'approve' })}
        >
          Aprovar
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconX size={14} />}
          disabled={decide.isPending}
          onClick={() => {
            form.reset({ comment: '' });
            setRejecting(true);
          }}
        >
          Rejeitar
        </Button>
      </Group>
      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title="Rejeitar revisão"
        centered
      >
        <Stack gap="md">
          <Textarea
            label="O que precisa ser ajustado?"
            autosize
            minRows={3}
            maxLength={textMaxLength(reviewRejectBody, 'comment')}
            required
            {...form.register('comment')}
            error={form.formState.errors.comment?.message}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              Cancelar
            </Button>
            <Button color="red" onClick={() => void reject()} loading={decide.isPending}>
              Rejeitar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

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
        {task.permissions.review && <Decision task={task} />}
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
