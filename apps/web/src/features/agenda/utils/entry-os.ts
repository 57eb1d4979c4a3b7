import type { AgendaEntry, AgendaStatus, OsStatus } from '@eproto/domain';
import { AGENDA_TRANSITIONS, OS_STATUSES } from '@eproto/domain';

/** The status of the entry's OS, or null without one (or with a status this build lacks). */
export function entryOsStatus(entry: AgendaEntry): OsStatus | null {
  const status = entry.os?.status;
  return (OS_STATUSES as readonly string[]).includes(status ?? '') ? (status as OsStatus) : null;
}

/** An entry that is no work for the day: cancelled itself, or its OS was cancelled. */
export function isCancelledEntry(entry: AgendaEntry): boolean {
  return entry.status === 'cancelado' || entryOsStatus(entry) === 'cancelada';
}

/**
 * The status moves the entry offers. The field team starts and finishes, gestores also cancel
 * and reopen. Once its OS is under way or finished the OS carries the work (its page, "Abrir"):
 * no Iniciar or Concluir on the entry; a gestor may still cancel the visit of a cancelled OS.
 */
export function entryActions(entry: AgendaEntry, manager: boolean): AgendaStatus[] {
  const next = AGENDA_TRANSITIONS[entry.status].filter(
    (to) =>
      manager ||
      (entry.status === 'agendado' && to === 'em_execucao') ||
      (entry.status === 'em_execucao' && to === 'concluido'),
  );
  const os = entryOsStatus(entry);
  if (os === null || os === 'aberta') return next;
  if (os === 'cancelada') return next.filter((to) => to === 'cancelado');
  return [];
}
