import type { AgendaEntry, AgendaStatus } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import { entryActions, entryOsStatus, isCancelledEntry } from '../entry-os.ts';

const entry = (status: AgendaStatus, os: string | null) =>
  ({
    status,
    os: os === null ? null : { id: 7, codigo: 'OS-2026-000007', status: os },
  }) as AgendaEntry;

describe("an agenda entry follows its OS's status", () => {
  it('reads the OS status, null without an OS or with an unknown one', () => {
    expect(entryOsStatus(entry('agendado', 'em_execucao'))).toBe('em_execucao');
    expect(entryOsStatus(entry('agendado', null))).toBeNull();
    expect(entryOsStatus(entry('agendado', 'arquivada'))).toBeNull();
  });

  it('offers Iniciar only before the OS started, never on a cancelled or concluded OS', () => {
    expect(entryActions(entry('agendado', null), false)).toEqual(['em_execucao']);
    expect(entryActions(entry('agendado', 'aberta'), false)).toEqual(['em_execucao']);
    expect(entryActions(entry('em_execucao', 'aberta'), false)).toEqual(['concluido']);
    for (const os of ['em_deslocamento', 'em_execucao', 'pausada', 'concluida', 'cancelada']) {
      expect(entryActions(entry('agendado', os), false)).toEqual([]);
      expect(entryActions(entry('em_execucao', os), false)).toEqual([]);
    }
  });

  it('lets a gestor cancel the visit of a cancelled OS, nothing else once the OS moved', () => {
    expect(entryActions(entry('agendado', 'cancelada'), true)).toEqual(['cancelado']);
    expect(entryActions(entry('agendado', 'concluida'), true)).toEqual([]);
    expect(entryActions(entry('agendado', 'pausada'), true)).toEqual([]);
    expect(entryActions(entry('agendado', null), true)).toContain('em_execucao');
  });

  it('counts an entry of a cancelled OS as cancelled (hidden behind "Mostrar canceladas")', () => {
    expect(isCancelledEntry(entry('agendado', 'cancelada'))).toBe(true);
    expect(isCancelledEntry(entry('cancelado', null))).toBe(true);
    expect(isCancelledEntry(entry('agendado', 'concluida'))).toBe(false);
  });
});
