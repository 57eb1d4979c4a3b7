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
    async list(f: ActivityFilterInput & { page: number; perPage: number }) {
      checkPeriod(f);
      const [rows, total] = await Promise.all([
        repo.page(f, f.perPage, (f.page - 1) * f.perPage),
        repo.count(f),
      ]);
      const names = await activityObjectNames(deps.database.db, rows);
      return {
        items: rows.map((r) => toEntry(r, names)),
        total,
        page: f.page,
        perPage: f.perPage,
      };
    },

    async export(f: ActivityFilterInput, format: 'csv' | 'xlsx') {
      checkPeriod(f);
      const rows = await repo.page(f, ACTIVITY_EXPORT_LIMIT, 0);
      const names = await activityObjectNames(deps.database.db, rows);
      const entries = rows.map((r) => toEntry(r, names));
      return format === 'csv' ? activityCsv(entries, tz) : activityXlsx(entries, tz);
    },
  };
}
