import type { ModalProps } from '@mantine/core';
import { Box, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BaseSyntheticEvent, ReactNode } from 'react';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /** The form's accessible name ("Novo abastecimento"); the title when it is text. */
  label?: string;
  /** react-hook-form's `handleSubmit(...)`, or a plain handler (the page is never reloaded). */
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void> | void;
  /** Text of the submit button ("Salvar", "Cadastrar"). */
  submitLabel: string;
  /** The submit button spins (request on its way). */
  loading?: boolean;
  /** The submit button is off (required fields still missing). */
  disabled?: boolean;
  /** A button at the start of the footer, away from Cancelar / submit ("Excluir"). */
  extraAction?: ReactNode;
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
  label = typeof title === 'string' ? title : undefined,
  onSubmit,
  submitLabel,
  loading = false,
  disabled = false,
  extraAction,
  children,
}: FormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={phone}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void Promise.resolve(onSubmit(e)).catch(() => undefined);
        }}
        noValidate
        aria-label={label}
      >
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" gap="sm">
            {extraAction && <Box mr="auto">{extraAction}</Box>}
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={loading} disabled={disabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
