import { roleOf, type UserRef } from '@eproto/domain';
import { avatarUrl } from '../users/users.mapper.ts';

/** A user row as the UserRef of the API contract. */
export function toUserRef(u: {
  id: number;
  nome: string;
  email: string;
  role: string;
  avatarPath: string | null;
}): UserRef {
  return {
    id: u.id,
    nome: u.nome,
    email: u.email,
    type: roleOf(u.role),
    rawType: u.role,
    avatar: avatarUrl(u),
  };
}
