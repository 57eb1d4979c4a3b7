import '../../lib/zod-locale.ts';

import { attachmentDeleteBody, textMaxLength } from '@eproto/domain';
import type { WorkItemAttachment } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';

import { useDeleteThreadAttachment } from './api/delete-thread-attachment.ts';
import type { WorkItemRef } from './work-item-ref.ts';
import { Textarea } from '../text-fields.tsx';

interface Props {
  item: WorkItemRef;
  attachment: WorkItemAttachment | null;
  onClose: () => void;
}

/**
 * Asks for the reason of a deletion (required; it stays in the item's history), checked by the
 * domain's attachmentDeleteBody.
 */
export function DeleteAttachmentModal({ item, attachment, onClose }: Props) {
  const remove = useDeleteThreadAttachment(item);
  const form = useForm({
    resolver: zodResolver(attachmentDeleteBody),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });

  const close = () => {
    form.reset({ reason: '' });
    onClose();
  };

  const submit = form.handleSubmit(({ reason }) => {
    if (!attachment) return;
    remove.mutate({ attachmentId: attachment.id, reason }, { onSuccess: close });
  });

  return (
    <Modal opened={attachment !== null} onClose={close} title="Excluir anexo">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Excluir <b>{attachment?.display_name}</b>? O motivo fica registrado no histórico da{' '}
            {item.noun}.
          </Text>
          <Textarea
            label="Motivo da exclusão"
            placeholder="Ex.: arquivo enviado por engano"
            required
            autosize
            minRows={2}
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
            maxLength={textMaxLength(attachmentDeleteBody, 'reason')}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              Excluir anexo
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
