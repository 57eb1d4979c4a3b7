import { roleOf, type PermissionSubject } from '@eproto/domain';

/**
 * The signed-in person as the domain's permission table reads them, for
 * `can(subjectOf(user), 'os.manage')`: their role (a title such as "CEO" read as its role) and
 * id. Nobody signed in reads as equipe, the role that holds none of the office permissions.
 */
export function subjectOf(
  user: { id: number; type: string; rawType?: string } | null | undefined,
): PermissionSubject {
  return user ? { id: user.id, type: roleOf(user.rawType ?? user.type) } : 'equipe';
}
