import type { ActivityEntry } from '@eproto/domain';
import { ACTIVITY_EXPORT_LIMIT, describeActivity } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { createActivityRepo, type ActivityFilterInput, type ActivityRow } from './activity.repo.ts';
import { activityCsv, activityXlsx } from './activity.export.ts';
import { activityObjectNames, nameOf } from './activity-names.ts';

function toEntry(r: ActivityRow, names: Map<string, string>): ActivityEntry {
  const objectName = nameOf(names, r);
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    userId: r.userId,
    userNome: r.userNome,
    // The e-mail typed at sign-in is kept for failed attempts of unknown accounts.
    email: r.userEmail ?? r.email,
    action: r.action,
    label: describeActivity(r.action, r.objectType, objectName),
    objectType: r.objectType,
    objectId: r.objectId,
    objectName,
    ip: r.ip,
  };
}

function checkPeriod(f: ActivityFilterInput) {
  if (f.from && f.to && f.from > f.to) {
    throw new AppError('VALIDATION', 'A data inicial deve ser anterior à data final.', 'from');
  }
}

/** /users/activity: who did what, on which object, when and from where (ti only). */
export function createActivityService(deps: ServiceDeps) {
  const tz = deps.config.COMPANY_TIME_ZONE;
  const repo = createActivityRepo(deps.database.db, tz);

  return {
    /** One keyset page, newest first; `nextBefore` is set when older entries remain. */
    async list(f: ActivityFilterInput & { limit: number; before?: number | undefined }) {
      checkPeriod(f);
      // One row more than asked tells whether another page exists, without counting the log.
      const rows = await repo.page(f, f.limit + 1, f.before);
      const page = rows.slice(0, f.limit);
      const names = await activityObjectNames(deps.database.db, page);
      return {
        items: page.map((r) => toEntry(r, names)),
        nextBefore: rows.length > f.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    async export(f: ActivityFilterInput, format: 'csv' | 'xlsx') {
      checkPeriod(f);
      const rows = await repo.page(f, ACTIVITY_EXPORT_LIMIT);
      const names = await activityObjectNames(deps.database.db, rows);
      const entries = rows.map((r) => toEntry(r, names));
      return format === 'csv' ? activityCsv(entries, tz) : activityXlsx(entries, tz);
    },
  };
}
