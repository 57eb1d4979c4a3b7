import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's iCal feed (docs/integrations.md, "Calendar feeds"): one per person, the SHA-256 of its
 * secret token (the token itself is shown once and never stored). "Gerar link" replaces the
 * row, so the previous URL stops working; "Revogar" deletes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
);
