import { describe, expect, it } from 'vitest';
import { isFinanceRole, menuProfileOf, normalizeRole, roleOf } from './roles.ts';

describe('normalizeRole', () => {
  it.each([
    ['diretor', 'diretoria'],
    ['Diretoria', 'diretoria'],
    ['Diretor de Operações', 'diretoria'],
    ['DIRETOR DE OPERACOES', 'diretoria'],
    ['Diretor Comercial', 'diretoria'],
    ['Diretor Financeiro', 'diretoria'],
    ['CEO', 'diretoria'],
    ['ceo', 'diretoria'],
    ['Equipe de Campo', 'equipe'],
    ['équipe de campo', 'equipe'],
    ['equipe', 'equipe'],
    ['TI', 'ti'],
    ['Administrador', 'administrador'],
    ['Financeiro', 'financeiro'],
    ['Coordenador', 'coordenador'],
    ['Gerente', 'gerente'],
    ['  gerente  ', 'gerente'],
  ])('%s -> %s', (raw, expected) => {
    expect(normalizeRole(raw)).toBe(expected);
  });

  it('returns null for unknown titles and defaults to equipe through roleOf', () => {
    expect(normalizeRole('astronauta')).toBeNull();
    expect(normalizeRole('')).toBeNull();
    expect(roleOf(undefined)).toBe('equipe');
    expect(roleOf(null)).toBe('equipe');
  });
});

describe('isFinanceRole', () => {
  it.each([
    ['Financeiro', true],
    ['financeira', true],
    ['Diretor Financeiro', true],
    ['CFO', true],
    ['cfo adjunto', true],
    ['Gerente', false],
    ['Diretor', false],
  ])('%s -> %s', (raw, expected) => {
    expect(isFinanceRole(raw)).toBe(expected);
  });
});

describe('menuProfileOf', () => {
  it('finance/CFO wins over diretoria for the menu', () => {
    expect(menuProfileOf('Diretor Financeiro')).toBe('cfo');
    expect(menuProfileOf('CFO')).toBe('cfo');
    expect(menuProfileOf('Financeiro')).toBe('financeiro');
    expect(menuProfileOf('Diretor de Operações')).toBe('gestor');
    expect(menuProfileOf('Equipe de Campo')).toBe('equipe');
    expect(menuProfileOf('TI')).toBe('ti');
  });
});
