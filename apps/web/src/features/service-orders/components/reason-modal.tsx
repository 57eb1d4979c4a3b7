import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';

/** Asks a short reason (check-in far from the site, pause, cancellation, refusal). */
export function ReasonModal({
  opened,
  title,
  intro,
  label,
  confirm,
  required = true,
  color,
  loading,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  intro?: ReactNode;
  label: string;
  confirm: string;
  required?: boolean;
  color?: string;
  loading?: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setText('');
      setError(null);
    }
  }, [opened]);

  const submit = () => {
    if (required && text.trim().length < 3) {
      setError('Escreva o motivo (pelo menos 3 letras).');
      return;
    }
    onConfirm(text.trim());
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={phone} centered>
      <Stack gap="md">
        {intro && <Text size="sm">{intro}</Text>}
        <Textarea
          label={label}
          size="md"
          autosize
          minRows={3}
          maxLength={500}
          withAsterisk={required}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" grow={phone}>
          <Button variant="default" size="md" onClick={onClose}>
            Voltar
          </Button>
          <Button size="md" color={color} onClick={submit} loading={loading}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
