import { attachmentDeleteBody } from '@eproto/domain';
import type { WorkItemAttachment } from '@eproto/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { useDeleteThreadAttachment } from './api/delete-thread-attachment.ts';
import type { WorkItemRef } from './work-item-ref.ts';
import { Textarea } from '../text-fields.tsx';

interface Props {
  item: WorkItemRef;
  attachment: WorkItemAttachment | null;
  onClose: () => void;
}

/** Asks for the reason of a deletion (required; it stays in the item's history). */
export function DeleteAttachmentModal({ item, attachment, onClose }: Props) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const remove = useDeleteThreadAttachment(item);
  const parsed = attachmentDeleteBody.safeParse({ reason });
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Motivo inválido.');

  const close = () => {
    setReason('');
    setTouched(false);
    onClose();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!attachment || !parsed.success) return;
    remove.mutate(
      { attachmentId: attachment.id, reason: parsed.data.reason },
      { onSuccess: close },
    );
  };

  return (
    <Modal opened={attachment !== null} onClose={close} title="Excluir anexo">
      <form onSubmit={submit} noValidate>
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
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched ? error : null}
            maxLength={500}
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
