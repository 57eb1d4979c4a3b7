import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Fleet, inventory and EPI alerts already notified: one row per alert key, person and company
 * day, so each alert reaches each person once a day however many nodes or runs there are.
 */
export const fieldAlertLog = pgTable(
  'field_alert_log',
  {
    alertKey: text('alert_key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertKey, t.userId, t.day] })],
);
