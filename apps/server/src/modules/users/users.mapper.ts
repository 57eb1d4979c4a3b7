import type { CurrentUser } from '@eproto/domain';
import { roleOf } from '@eproto/domain';

/** URL of a user's avatar image, or null when they have none. */
export function avatarUrl(u: { id: number; avatarPath: string | null }): string | null {
  return u.avatarPath ? `/api/users/${u.id}/avatar-image` : null;
}

/** The current-user shape of SPEC.md §3. */
export function toCurrentUser(u: {
  id: number;
  email: string;
  nome: string;
  role: string;
  avatarPath: string | null;
}): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    nome: u.nome,
    type: roleOf(u.role),
    rawType: u.role,
    avatar: avatarUrl(u),
  };
}
