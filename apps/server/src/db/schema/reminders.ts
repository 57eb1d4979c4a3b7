import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Deadline reminders already sent: one row per item, person and company day, so the job sends
 * each reminder once a day however many nodes or runs there are.
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    /** 'mural' or 'protocol'. */
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId, t.userId, t.day] })],
);
