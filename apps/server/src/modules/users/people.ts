import { roleOf, type FieldPerson } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { peopleScopeSql, type ScopeUser } from '../access/scope.service.ts';
import { createUsersRepo } from './users.repo.ts';

/**
 * Active people offered in the tactical pickers (drivers, holders, EPI employees, agenda) to
 * `u`: those who share a contract with them (everyone when their role sees every contract:
 * peopleScopeSql); with `q`, only those found by it (the list search: accents and case
 * ignored).
 */
export async function listFieldPeople(
  db: DbOrTx,
  u: ScopeUser,
  q?: string,
): Promise<FieldPerson[]> {
  const rows = await createUsersRepo(db).listActive(q, peopleScopeSql(u));
  return rows.map((r) => ({ ...r, type: roleOf(r.role) }));
}

/** The active user with this id, or a 400 naming the field. */
export async function assertActivePerson(db: DbOrTx, id: number, field: string, label: string) {
  const row = await createUsersRepo(db).byId(id);
  if (!row?.active) throw new AppError('VALIDATION', `${label} não encontrado ou inativo.`, field);
  return row;
}
