import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small "are you sure" dialog with the action's own words. */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={<Text fw={700}>{props.title}</Text>}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{props.children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancelar
          </Button>
          <Button color={props.color} loading={props.loading} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
