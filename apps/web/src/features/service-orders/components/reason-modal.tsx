import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Textarea } from '../../../components/text-fields.tsx';

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
        {/* On a phone the row is filled: "Voltar" as wide as its word, the action takes the
            rest (two halves cut "Fazer check-in" to "Fazer check-i"). */}
        <Group justify="flex-end" wrap="nowrap">
          <Button variant="default" size="md" onClick={onClose} style={{ flexShrink: 0 }}>
            Voltar
          </Button>
          <Button
            size="md"
            color={color}
            onClick={submit}
            loading={loading}
            style={phone ? { flex: 1 } : undefined}
          >
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
