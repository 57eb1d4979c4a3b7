import type { ReviewItem } from '@eproto/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Textarea } from '../../../components/text-fields.tsx';

interface Props {
  item: ReviewItem | null;
  onClose: () => void;
  onReject: (item: ReviewItem, comment: string) => void;
}

/** Asks why a task goes back: the comment is required and reaches the responsável. */
export function RejectModal({ item, onClose, onReject }: Props) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setComment('');
    setError(null);
  }, [item?.id]);

  const submit = () => {
    if (!item) return;
    const text = comment.trim();
    if (text.length < 3) {
      setError('Informe o motivo da rejeição (pelo menos 3 caracteres).');
      return;
    }
    onReject(item, text);
    onClose();
  };

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
          maxLength={2000}
          required
          value={comment}
          error={error}
          onChange={(e) => {
            setComment(e.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color="red" onClick={submit}>
            Rejeitar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
