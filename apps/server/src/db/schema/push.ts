import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The server's VAPID key pair (Web Push): one row, made on first start by whichever node gets
 * there first (insert-if-absent, then read), so every node signs with the same key.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    /** base64url, uncompressed P-256 point: what browsers subscribe with. */
    publicKey: text('public_key').notNull(),
    /** base64url, P-256 private scalar. */
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_vapid_keys_single_row', sql`${t.id} = 1`)],
);

/** One browser (device) of one person that receives pushes; the endpoint names it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    /** Status or error of the last failed send (for operators; 404/410 delete the row). */
    lastFailure: text('last_failure'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
