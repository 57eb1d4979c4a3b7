import { roleOf, type FieldPerson } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createUsersRepo, type PeopleScope } from './users.repo.ts';

/**
 * Active people offered in the tactical pickers (drivers, holders, EPI employees, agenda)
 * within `scope`: the caller passes peopleScopeSql of the person asking (those who share a
 * contract with them; everyone when their role sees every contract). Taken as a parameter so
 * that users does not import access (which imports users' mapper: a module cycle). With `q`,
 * only those found by it (the list search: accents and case ignored).
 */
export async function listFieldPeople(
  db: DbOrTx,
  scope: PeopleScope,
  q?: string,
): Promise<FieldPerson[]> {
  const rows = await createUsersRepo(db).listActive(q, scope);
  return rows.map((r) => ({ ...r, type: roleOf(r.role) }));
}

/** The active user with this id, or a 400 naming the field. */
export async function assertActivePerson(db: DbOrTx, id: number, field: string, label: string) {
  const row = await createUsersRepo(db).byId(id);
  if (!row?.active) throw new AppError('VALIDATION', `${label} não encontrado ou inativo.`, field);
  return row;
}
