import type { ModalProps } from '@mantine/core';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BaseSyntheticEvent, ReactNode } from 'react';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /** The form's accessible name ("Novo abastecimento"). */
  label: string;
  /** react-hook-form's `handleSubmit(...)`. */
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  /** Text of the submit button ("Salvar", "Cadastrar"). */
  submitLabel: string;
  /** The submit button spins (request on its way). */
  loading?: boolean;
  children: ReactNode;
}

/**
 * The shell of the app's "Novo …" / "Editar …" form dialogs: a modal (full screen on a phone)
 * holding the form, its fields stacked, and Cancelar / submit at the end.
 */
export function FormModal({
  opened,
  onClose,
  title,
  size,
  label,
  onSubmit,
  submitLabel,
  loading = false,
  children,
}: FormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={phone}>
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate aria-label={label}>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={loading}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
