import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const itemColumn = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });
type ItemColumn = ReturnType<typeof itemColumn>;

/**
 * The thread tables of one kind of work item (demand, task, ...): `<prefix>_messages`,
 * `<prefix>_attachments` and `<prefix>_history`, each pointing at its item through
 * `<prefix>_id` (TypeScript name `key`, e.g. muralId). A new kind calls this once in its own
 * schema file (docs/development.md "Work items").
 */
export function workItemTables<K extends string>(
  prefix: string,
  key: K,
  parent: () => AnyPgColumn,
) {
  const item = () => ({ [key]: itemColumn(`${prefix}_id`, parent) }) as { [P in K]: ItemColumn };
  const authorId = () => integer('author_id').references(() => users.id, { onDelete: 'set null' });
  const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

  const messages = pgTable(
    `${prefix}_messages`,
    {
      id: serial('id').primaryKey(),
      ...item(),
      authorId: authorId(),
      texto: text('texto').notNull(),
      mentions: jsonb('mentions').$type<number[]>().notNull().default([]),
      createdAt: createdAt(),
      /** Posted or changed (a mention added later): the phone syncs a thread by it. */
      updatedAt: timestamp('updated_at', { withTimezone: true })
        .notNull()
        .defaultNow()
        .$onUpdate(() => new Date()),
    },
    // author_id in the key: a board's counters (unread messages: by whom, since when) read
    // the index only, never the rows (a board of 5,000 demands: ~20,000 heap visits saved).
    (t) => [index(`${prefix}_messages_${prefix}_idx`).on(t[key], t.createdAt, t.authorId)],
  );

  /** Deleting keeps the row (deleted_*, reason) and removes the stored file. */
  const attachments = pgTable(
    `${prefix}_attachments`,
    {
      id: serial('id').primaryKey(),
      ...item(),
      storageKey: text('storage_key').notNull(),
      displayName: text('display_name').notNull(),
      fileName: text('file_name').notNull(),
      mimeType: text('mime_type').notNull(),
      size: integer('size').notNull(),
      uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
      createdAt: createdAt(),
      deletedAt: timestamp('deleted_at', { withTimezone: true }),
      deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
      deleteReason: text('delete_reason'),
    },
    (t) => [index(`${prefix}_attachments_${prefix}_idx`).on(t[key])],
  );

  /** Every change to the item: author, action, the changed fields before and after. */
  const history = pgTable(
    `${prefix}_history`,
    {
      id: serial('id').primaryKey(),
      ...item(),
      authorId: authorId(),
      action: text('action').notNull(),
      before: jsonb('before').$type<Record<string, unknown>>(),
      after: jsonb('after').$type<Record<string, unknown>>(),
      texto: text('texto'),
      createdAt: createdAt(),
    },
    (t) => [
      // (item, created_at, id): a keyset page of one item's history is one index range.
      index(`${prefix}_history_${prefix}_idx`).on(t[key], t.createdAt, t.id),
      index(`${prefix}_history_created_idx`).on(t.createdAt),
    ],
  );

  return { messages, attachments, history };
}

export type WorkItemTables<K extends string = string> = ReturnType<typeof workItemTables<K>>;
