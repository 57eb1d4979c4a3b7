import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles.ts';
import { canAccess, ROUTE_ACCESS } from './routes.ts';

// SPEC.md §2 "Protected routes and allowed roles", written out independently of ROUTE_ACCESS
// so a change to the table that disagrees with the spec fails here.
const ALL = 'all';
const SPEC: Record<string, readonly Role[] | typeof ALL> = {
  '/users': ['ti', 'administrador'],
  '/users/invite': ['ti', 'administrador'],
  '/users/activity': ['ti'],
  '/ti/help': ['ti', 'coordenador', 'gerente', 'diretoria', 'financeiro', 'administrador'],
  '/ti/help/7': ['ti', 'coordenador', 'gerente', 'diretoria', 'financeiro', 'administrador'],
  '/profile': ALL,
  '/contracts': ['ti'],
  '/eproto/quadros': ['administrador', 'ti', 'coordenador', 'gerente', 'diretoria', 'equipe'],
  '/eproto/contracts': ['gerente', 'diretoria', 'ti', 'administrador'],
  '/eproto/murals': ALL,
  '/eproto/murals/12': ALL,
  '/eproto/protocols': ['coordenador', 'gerente', 'diretoria'],
  '/eproto/protocols/5': ALL,
  '/eproto/gantt': ALL,
  '/eproto/calendar': ALL,
  '/eproto/feed': ALL,
  '/eproto/reviews': ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
  '/operacional/chat': ['coordenador', 'gerente', 'diretoria', 'equipe'],
  '/ai/assistente': ALL,
  '/solicitacoes': ['coordenador', 'gerente', 'diretoria'],
  '/tatico/agenda': ['coordenador', 'gerente', 'diretoria', 'equipe'],
  '/tatico/frota': ['coordenador', 'gerente', 'diretoria'],
  '/tatico/epi': ['coordenador', 'gerente', 'diretoria', 'equipe'],
};

describe('role x route matrix (SPEC.md §2)', () => {
  const cells = Object.entries(SPEC).flatMap(([path, allowed]) =>
    ROLES.map((role) => ({ path, role, allowed: allowed === ALL || allowed.includes(role) })),
  );
  it.each(cells)('$role on $path -> $allowed', ({ path, role, allowed }) => {
    expect(canAccess(role, path)).toBe(allowed);
  });

  it('covers every route of the table', () => {
    for (const r of ROUTE_ACCESS) {
      if (r.path === '/operacional/chat-contrato') continue; // not in SPEC's table
      if (r.path === '/tatico/agenda/os/:id') continue; // beyond SPEC: same roles as the agenda
      if (r.path === '/tatico/agenda/ativos/:id') continue; // beyond SPEC: same roles as the agenda
      const sample = r.path.replace(':id', '1');
      const known = Object.keys(SPEC).some(
        (p) => p === sample || p.replace(/\d+$/, '1') === sample,
      );
      expect(known, r.path).toBe(true);
    }
  });

  it('raw titles are normalised before the check', () => {
    expect(canAccess('Diretor Comercial', '/tatico/frota')).toBe(true);
    expect(canAccess('CEO', '/eproto/reviews')).toBe(true);
    expect(canAccess('Equipe de Campo', '/tatico/epi')).toBe(true);
    expect(canAccess('Equipe de Campo', '/tatico/frota')).toBe(false);
    expect(canAccess('Financeiro', '/solicitacoes')).toBe(false);
    expect(canAccess('Equipe de Campo', '/tatico/agenda/os/12')).toBe(true);
    expect(canAccess('TI', '/tatico/agenda/os/12')).toBe(false);
    expect(canAccess('Equipe de Campo', '/tatico/agenda/ativos/7')).toBe(true);
    expect(canAccess('Financeiro', '/tatico/agenda/ativos/7')).toBe(false);
  });
});
