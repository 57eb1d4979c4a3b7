import { describe, expect, it } from 'vitest';
import { badgeText, canAccess, landingPathFor, menuFor, ROUTE_ACCESS } from './routes.ts';
import { ROLES } from './roles.ts';

describe('landingPathFor', () => {
  it.each([
    ['Financeiro', '/eproto/murals'],
    ['Diretor Financeiro', '/eproto/murals'],
    ['CFO', '/eproto/murals'],
    ['Diretor de Operações', '/eproto/quadros'],
    ['Gerente', '/eproto/quadros'],
    ['Coordenador', '/eproto/quadros'],
    ['Equipe de Campo', '/eproto/murals'],
    ['TI', '/users'],
    ['Administrador', '/eproto/murals'],
  ])('%s -> %s', (raw, expected) => {
    expect(landingPathFor(raw)).toBe(expected);
  });
});

describe('canAccess', () => {
  it('uses diretoria for route access of a financial director', () => {
    expect(canAccess('Diretor Financeiro', '/tatico/agenda')).toBe(true);
    expect(canAccess('Financeiro', '/tatico/agenda')).toBe(false);
  });
  it('matches parameterised routes and refuses unknown paths', () => {
    expect(canAccess('Equipe', '/eproto/murals/12')).toBe(true);
    expect(canAccess('Equipe', '/eproto/protocols')).toBe(false);
    expect(canAccess('TI', '/nao-existe')).toBe(false);
  });
  it('every landing page is reachable by its role', () => {
    for (const role of ROLES) expect(canAccess(role, landingPathFor(role))).toBe(true);
  });
  it('only ti opens /users/activity and /contracts', () => {
    for (const role of ROLES) {
      expect(canAccess(role, '/users/activity')).toBe(role === 'ti');
      expect(canAccess(role, '/contracts')).toBe(role === 'ti');
    }
  });
  it('has no duplicated paths', () => {
    const paths = ROUTE_ACCESS.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('menuFor', () => {
  const labels = (raw: string) =>
    menuFor(raw).flatMap((s) => s.items.filter((i) => !i.hidden).map((i) => i.label));
  it('gives each role its menu', () => {
    expect(labels('Equipe de Campo')).toEqual(['Demandas', 'Chat', 'Agenda']);
    expect(labels('Diretor Financeiro')).toEqual([
      'Demandas',
      'Chat',
      'Agenda',
      'Solicitações',
      'Suporte',
    ]);
    expect(labels('TI')).toEqual([
      'Demandas',
      'Usuários',
      'Convites',
      'Atividade de Usuários',
      'Contratos (E-Proto)',
      'Suporte',
    ]);
    expect(labels('Gerente')).toContain('Revisões');
    expect(labels('Financeiro')).toEqual(['Suporte']);
    expect(labels('Administrador')).toEqual([]);
  });
  it('every visible menu item is a route its role may open', () => {
    for (const role of [...ROLES, 'Diretor Financeiro']) {
      for (const section of menuFor(role))
        for (const item of section.items.filter((i) => !i.hidden))
          expect(canAccess(role, item.path), `${role} ${item.path}`).toBe(true);
    }
  });
});

describe('badgeText', () => {
  it('shows 9+ above 9', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});
