/** Canonical roles after normalisation (SPEC.md §5). */
export const ROLES = [
  'ti',
  'administrador',
  'financeiro',
  'coordenador',
  'gerente',
  'diretoria',
  'equipe',
] as const;
export type Role = (typeof ROLES)[number];

/** Labels shown to people for each canonical role. */
export const ROLE_LABELS: Record<Role, string> = {
  ti: 'TI',
  administrador: 'Administrador',
  financeiro: 'Financeiro',
  coordenador: 'Coordenador',
  gerente: 'Gerente',
  diretoria: 'Diretoria',
  equipe: 'Equipe',
};

/** Role titles offered when creating or editing a user (raw titles are kept as typed). */
export const ROLE_TITLES = [
  'TI',
  'Administrador',
  'Financeiro',
  'Coordenador',
  'Gerente',
  'Diretor',
  'Diretoria',
  'Diretor de Operações',
  'Diretor Comercial',
  'Diretor Financeiro',
  'CEO',
  'CFO',
  'Equipe',
  'Equipe de Campo',
] as const;

const DIRECTOR_TITLES = new Set([
  'diretor',
  'diretoria',
  'diretor de operacoes',
  'diretor comercial',
  'diretor financeiro',
  'ceo',
]);

/** Lower-cases, trims, collapses spaces and strips accents so roles compare loosely. */
export function foldRole(raw: string | null | undefined): string {
  return (raw ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when a role title is a finance or CFO type (contains "financeir" or "cfo"). */
export function isFinanceRole(raw: string | null | undefined): boolean {
  const r = foldRole(raw);
  return r.includes('financeir') || r.includes('cfo');
}

/**
 * Canonical role used for route access; null when the title is not a known role.
 * Director titles collapse to diretoria (also "diretor financeiro"), "equipe de campo" to equipe.
 */
export function normalizeRole(raw: string | null | undefined): Role | null {
  const r = foldRole(raw);
  if (r === '') return null;
  if (DIRECTOR_TITLES.has(r)) return 'diretoria';
  if (r === 'equipe de campo' || r === 'equipe') return 'equipe';
  if ((ROLES as readonly string[]).includes(r)) return r as Role;
  if (r.includes('cfo')) return 'diretoria';
  if (r.includes('financeir')) return 'financeiro';
  return null;
}

/** Canonical role for a stored title, defaulting to equipe when absent (SPEC.md §3). */
export function roleOf(raw: string | null | undefined): Role {
  return normalizeRole(raw) ?? 'equipe';
}

/** Which side-menu and landing profile a user gets; finance/CFO wins over diretoria here. */
export type MenuProfile = 'ti' | 'administrador' | 'financeiro' | 'cfo' | 'gestor' | 'equipe';

/** Menu/landing profile of a role title (SPEC.md §2 "Side menu by role" and "Redirects"). */
export function menuProfileOf(raw: string | null | undefined): MenuProfile {
  const role = roleOf(raw);
  if (isFinanceRole(raw)) return role === 'financeiro' ? 'financeiro' : 'cfo';
  switch (role) {
    case 'ti':
      return 'ti';
    case 'administrador':
      return 'administrador';
    case 'financeiro':
      return 'financeiro';
    case 'coordenador':
    case 'gerente':
    case 'diretoria':
      return 'gestor';
    case 'equipe':
      return 'equipe';
  }
}
