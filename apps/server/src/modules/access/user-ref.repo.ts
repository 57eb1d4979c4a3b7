import { users } from '../../db/schema/index.ts';

/** Columns to select for a UserRef (spread into a Drizzle select); `toUserRef` maps the row. */
export const userRefColumns = {
  id: users.id,
  nome: users.nome,
  email: users.email,
  role: users.role,
  avatarPath: users.avatarPath,
};
