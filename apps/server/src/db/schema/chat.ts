import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { users } from './users.ts';

/** Files uploaded for chat messages (POST /api/chat/upload); served with an access check. */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: serial('id').primaryKey(),
    storageKey: text('storage_key').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_files_owner_idx').on(t.ownerId)],
);

/** Direct messages between two people; read_at is when the recipient read it. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    fileId: integer('file_id').references(() => chatFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_pair_idx').on(t.senderId, t.recipientId, t.id),
    index('chat_messages_recipient_unread_idx')
      .on(t.recipientId, t.senderId)
      .where(sql`${t.readAt} is null`),
    index('chat_messages_file_idx').on(t.fileId),
    check('chat_messages_not_self', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

/** Messages of a contract's room (one room per contract: chatId = contract id). */
export const contractChatMessages = pgTable(
  'contract_chat_messages',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    fileId: integer('file_id').references(() => chatFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contract_chat_messages_room_idx').on(t.contractId, t.id),
    index('contract_chat_messages_file_idx').on(t.fileId),
  ],
);

/** How far each person has read each contract room. */
export const contractChatReads = pgTable(
  'contract_chat_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contractId] })],
);
