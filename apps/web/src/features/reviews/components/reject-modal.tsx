import '../../../lib/zod-locale.ts';

import { reviewRejectBody, textMaxLength, type ReviewItem } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';

import { Textarea } from '../../../components/text-fields.tsx';

interface Props {
  item: ReviewItem | null;
  onClose: () => void;
  onReject: (item: ReviewItem, comment: string) => void;
}

/**
 * Asks why a task goes back: the comment (the domain's reviewRejectBody: required, at least 3
 * characters, trimmed) reaches the responsável.
 */
export function RejectModal({ item, onClose, onReject }: Props) {
  const form = useForm({
    resolver: zodResolver(reviewRejectBody),
    defaultValues: { comment: '' },
  });
  const { reset } = form;
  useEffect(() => reset({ comment: '' }), [item?.id, reset]);

  const submit = form.handleSubmit(({ comment }) => {
    if (!item) return;
    onReject(item, comment);
    onClose();
  });

  return (
    <Modal opened={item !== null} onClose={onClose} title="Rejeitar revisão" centered>
      <Stack gap="md">
        <Text size="sm">
          A tarefa <strong>{item?.titulo}</strong> voltará para <strong>Em andamento</strong> e o
          responsável receberá o seu comentário.
        </Text>
        <Textarea
          label="O que precisa ser ajustado?"
          placeholder="Ex.: faltou a foto do painel energizado."
          autosize
          minRows={3}
          maxLength={textMaxLength(reviewRejectBody, 'comment')}
          required
          {...form.register('comment')}
          error={form.formState.errors.comment?.message}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color="red" onClick={() => void submit()}>
            Rejeitar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
