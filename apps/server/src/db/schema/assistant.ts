import type {
  AssistantActionStatus,
  AssistantActionTool,
  AssistantMessageStatus,
  AssistantSource,
} from '@eproto/domain';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';

/** A proposed write action as stored: the card fields plus the arguments it runs with. */
export interface StoredAssistantAction {
  tool: AssistantActionTool;
  args: Record<string, unknown>;
  resumo: string;
  detalhes: { label: string; value: string }[];
  status: AssistantActionStatus;
  resultado: string | null;
}

/** Conversations with the AI assistant; each belongs to one user and only they see it. */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistant_conversations_user_idx').on(t.userId, t.updatedAt)],
);

/** Questions and answers of a conversation; user_id also drives the per-user rate limit. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    status: text('status').$type<AssistantMessageStatus>().notNull().default('ok'),
    offline: boolean('offline').notNull().default(false),
    sources: jsonb('sources').$type<AssistantSource[]>().notNull().default([]),
    action: jsonb('action').$type<StoredAssistantAction>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assistant_messages_conversation_idx').on(t.conversationId, t.id),
    index('assistant_messages_user_idx').on(t.userId, t.role, t.createdAt),
    check('assistant_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
  ],
);
