import { describe, expect, it } from 'vitest';
import {
  assignableRoleTitles,
  canChangeRole,
  canManageUser,
  userRoleTitle,
} from './admin-users.ts';
import { ROLE_TITLES } from './roles.ts';
import { inviteStatus } from './invites.ts';
import { NOTIFICATION_TYPES } from './notifications.ts';
import { notificationPrefsOf } from './profile.ts';
import { canMoveTicket } from './support.ts';

describe('canChangeRole', () => {
  it('lets ti grant and remove the ti role', () => {
    expect(canChangeRole('ti', 'Gerente', 'TI')).toBe(true);
    expect(canChangeRole('ti', 'TI', 'Gerente')).toBe(true);
  });
  it('forbids an administrador to grant or remove ti, in any spelling', () => {
    expect(canChangeRole('administrador', 'Gerente', 'ti')).toBe(false);
    expect(canChangeRole('administrador', ' TI ', 'Gerente')).toBe(false);
    expect(canChangeRole('administrador', null, 'TI')).toBe(false);
    expect(canChangeRole('administrador', 'Gerente', 'Coordenador')).toBe(true);
  });
  // Separation of duties: who may grant or remove each title, for every title offered.
  const PRIVILEGED = [
    'TI',
    'Diretor',
    'Diretoria',
    'Diretor de Operações',
    'Diretor Comercial',
    'Diretor Financeiro',
    'CEO',
    'CFO',
  ];
  it.each(ROLE_TITLES.map((title) => [title, PRIVILEGED.includes(title)] as const))(
    'administrador and %s (privileged: %s)',
    (title, privileged) => {
      expect(canChangeRole('administrador', 'Equipe', title)).toBe(!privileged);
      expect(canChangeRole('administrador', null, title)).toBe(!privileged);
      expect(canChangeRole('administrador', title, 'Equipe')).toBe(!privileged);
      expect(canChangeRole('ti', 'Equipe', title)).toBe(true);
      expect(canChangeRole('diretoria', null, title)).toBe(true);
    },
  );
  it('treats any CFO or director spelling as privileged, but not a finance supervisor', () => {
    expect(canChangeRole('administrador', null, 'cfo adjunto')).toBe(false);
    expect(canChangeRole('administrador', null, ' diretor  financeiro ')).toBe(false);
    expect(canChangeRole('administrador', null, 'Supervisor Financeiro')).toBe(true);
    expect(canChangeRole('administrador', null, 'Financeiro')).toBe(true);
  });
  it('gives other roles nothing', () => {
    expect(canChangeRole('gerente', 'Equipe', 'Coordenador')).toBe(false);
  });
});

describe('canManageUser', () => {
  it('keeps ti, diretoria and CFO accounts out of an administrador reach, in any spelling', () => {
    for (const title of [
      'TI',
      ' ti ',
      'Diretoria',
      'Diretor de Operações',
      'CEO',
      'CFO',
      'cfo adjunto',
      'Diretor Financeiro',
    ]) {
      expect(canManageUser('administrador', title), title).toBe(false);
      expect(canManageUser('ti', title), title).toBe(true);
      expect(canManageUser('diretoria', title), title).toBe(true);
    }
  });
  it('lets an administrador manage every other role, and gives other roles nothing', () => {
    for (const title of [
      'Administrador',
      'Financeiro',
      'Supervisor Financeiro',
      'Equipe de Campo',
    ]) {
      expect(canManageUser('administrador', title), title).toBe(true);
    }
    expect(canManageUser('gerente', 'Equipe')).toBe(false);
    expect(canManageUser('financeiro', 'Equipe')).toBe(false);
  });
});

describe('userRoleTitle', () => {
  it('accepts raw titles that normalise and refuses unknown ones', () => {
    expect(userRoleTitle.safeParse('Diretor de Operações').success).toBe(true);
    expect(userRoleTitle.safeParse('CFO').success).toBe(true);
    expect(userRoleTitle.safeParse('Astronauta').success).toBe(false);
    expect(userRoleTitle.safeParse('').success).toBe(false);
  });
});

describe('inviteStatus', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const future = '2026-05-12T00:00:00Z';
  it('derives the status, accepted and revoked winning over expiry', () => {
    expect(inviteStatus({ usedAt: null, revokedAt: null, expiresAt: future }, now)).toBe(
      'pendente',
    );
    expect(
      inviteStatus({ usedAt: null, revokedAt: null, expiresAt: '2026-05-10T12:00:00Z' }, now),
    ).toBe('expirado');
    expect(inviteStatus({ usedAt: null, revokedAt: now, expiresAt: '2026-01-01' }, now)).toBe(
      'revogado',
    );
    expect(inviteStatus({ usedAt: now, revokedAt: null, expiresAt: '2026-01-01' }, now)).toBe(
      'aceito',
    );
  });
});

describe('canMoveTicket', () => {
  it('moves forward and reopens, never stays or jumps back to aberto from resolvido', () => {
    expect(canMoveTicket('aberto', 'em_atendimento')).toBe(true);
    expect(canMoveTicket('em_atendimento', 'resolvido')).toBe(true);
    expect(canMoveTicket('resolvido', 'em_atendimento')).toBe(true);
    expect(canMoveTicket('resolvido', 'aberto')).toBe(false);
    expect(canMoveTicket('aberto', 'aberto')).toBe(false);
  });
});

describe('notificationPrefsOf', () => {
  it('fills every type, absent meaning "receive"', () => {
    const prefs = notificationPrefsOf({ mention: false });
    expect(prefs.mention).toBe(false);
    expect(prefs.other).toBe(true);
    expect(Object.keys(prefs).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(Object.entries(prefs).filter(([, on]) => !on)).toEqual([['mention', false]]);
  });
});

describe('assignableRoleTitles', () => {
  it('offers ti titles to ti only and keeps the current raw title first', () => {
    expect(assignableRoleTitles('ti', null)).toContain('TI');
    expect(assignableRoleTitles('administrador', null)).not.toContain('TI');
    expect(assignableRoleTitles('administrador', 'Supervisor Financeiro')[0]).toBe(
      'Supervisor Financeiro',
    );
    expect(assignableRoleTitles('administrador', 'Equipe')).not.toContain('Diretor de Operações');
  });
  it('offers an administrador only the non-privileged titles', () => {
    expect(assignableRoleTitles('administrador', null)).toEqual([
      'Administrador',
      'Financeiro',
      'Coordenador',
      'Gerente',
      'Equipe',
      'Equipe de Campo',
    ]);
    expect(assignableRoleTitles('administrador', 'CFO')).toEqual(['CFO']);
  });
});
