import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    muralId: integer('mural_id'),
    protocolId: integer('protocol_id'),
    customText: text('custom_text'),
    texto: text('texto'),
    /** App path it opens when it is about something other than a demand or task (/solicitacoes?id=3). */
    link: text('link'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Keyset pages of the bell: (created_at, id) after the last one seen, in index order.
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt, t.id)],
);
