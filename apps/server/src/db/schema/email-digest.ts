import { date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Who asked for the daily e-mail digest ("Resumo diário por e-mail" on /profile): one row per
 * person; no row means off (the default). Unsubscribing from the e-mail deletes the row.
 */
export const emailDigestOptins = pgTable('email_digest_optins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The digests sent, one row per person and company day: the primary key is what keeps the
 * digest to once a day across nodes and re-runs (written in the transaction of its e-mail).
 */
export const emailDigestLog = pgTable(
  'email_digest_log',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
