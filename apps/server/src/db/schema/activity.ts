import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Audit trail: sign-ins, failed sign-ins, sign-outs and every write action. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    action: text('action').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Keyset pages of the log (newest first in (created_at, id) order): one backward range of
    // an index per page, unfiltered, by person, or by kind of action (activityKind in
    // modules/activity/activity.repo.ts, which must match this expression exactly).
    index('activity_log_created_idx').on(t.createdAt, t.id),
    index('activity_log_user_idx').on(t.userId, t.createdAt, t.id),
    index('activity_log_kind_idx').on(sql`split_part(${t.action}, ' ', 1)`, t.createdAt, t.id),
  ],
);
