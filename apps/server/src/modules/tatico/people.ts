import { asc, eq, sql } from 'drizzle-orm';
import { roleOf, type FieldPerson } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** Active people offered in the tactical pickers (drivers, holders, EPI employees, agenda). */
export async function listFieldPeople(db: DbOrTx): Promise<FieldPerson[]> {
  const rows = await db
    .select({ id: users.id, nome: users.nome, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.active, true))
    .orderBy(asc(sql`lower(${users.nome})`));
  return rows.map((r) => ({ ...r, type: roleOf(r.role) }));
}

/** The active user with this id, or a 400 naming the field. */
export async function assertActivePerson(db: DbOrTx, id: number, field: string, label: string) {
  const [row] = await db
    .select({ id: users.id, nome: users.nome, role: users.role, active: users.active })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row?.active) throw new AppError('VALIDATION', `${label} não encontrado ou inativo.`, field);
  return row;
}
