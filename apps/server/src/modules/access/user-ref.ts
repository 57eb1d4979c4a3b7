import { roleOf, type UserRef } from '@eproto/domain';
import { users } from '../../db/schema/index.ts';
import { avatarUrl } from '../users/users.mapper.ts';

/** Columns to select for a UserRef (spread into a Drizzle select). */
export const userRefColumns = {
  id: users.id,
  nome: users.nome,
  email: users.email,
  role: users.role,
  avatarPath: users.avatarPath,
};

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
