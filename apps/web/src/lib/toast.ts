import { notifications } from '@mantine/notifications';

/** Error toast (SPEC.md §8: errors appear as toast messages). */
export function toastError(message: string, id?: string): void {
  notifications.show({ id, color: 'red', title: 'Erro', message });
}

export function toastSuccess(message: string): void {
  notifications.show({ color: 'teal', title: 'Pronto', message });
}

export function toastInfo(message: string, id?: string): void {
  notifications.show({ id, color: 'yellow', message });
}
