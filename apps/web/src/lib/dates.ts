import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);
dayjs.locale('pt-br');

/** "há 5 minutos", "há 2 dias" — relative time in pt-BR. */
export function fromNow(value: string | Date): string {
  const d = dayjs(value);
  return d.isValid() ? d.fromNow() : '';
}

/** dd/mm/aaaa */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('DD/MM/YYYY') : '';
}

/** dd/mm/aaaa hh:mm */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('DD/MM/YYYY [às] HH:mm') : '';
}

export { dayjs };
