import type { AssetFileKind } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';
import { users } from './users.ts';

/**
 * Photos and documents of an asset. A removed file keeps its row (`removido_em`, who) for the
 * asset's history; its stored bytes go (lib/storage-cleanup.ts).
 */
export const assetFiles = pgTable(
  'asset_files',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'restrict' }),
    tipo: text('tipo').$type<AssetFileKind>().notNull(),
    storageKey: text('storage_key').notNull(),
    /** Small JPEG made on upload (photos only). */
    thumbKey: text('thumb_key'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removidoEm: timestamp('removido_em', { withTimezone: true }),
    removidoPor: integer('removido_por').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('asset_files_asset_idx').on(t.assetId),
    check('asset_files_tipo_ck', sql`${t.tipo} in ('foto', 'documento')`),
  ],
);
