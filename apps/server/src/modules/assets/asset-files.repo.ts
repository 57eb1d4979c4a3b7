import { aliasedTable, and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetFiles, users } from '../../db/schema/index.ts';

export type AssetFileRow = typeof assetFiles.$inferSelect;
export type AssetFileInsert = typeof assetFiles.$inferInsert;

const remover = aliasedTable(users, 'remover');

/** Rows of asset_files: the asset's photos and documents, removed ones kept for history. */
export function createAssetFilesRepo(db: DbOrTx) {
  return {
    /** Every file the asset ever had, oldest first, with who sent and who removed it. */
    async ofAsset(assetId: number) {
      return db
        .select({
          f: assetFiles,
          enviadoPorNome: users.nome,
          removidoPorNome: remover.nome,
        })
        .from(assetFiles)
        .leftJoin(users, eq(users.id, assetFiles.uploadedBy))
        .leftJoin(remover, eq(remover.id, assetFiles.removidoPor))
        .where(eq(assetFiles.assetId, assetId))
        .orderBy(asc(assetFiles.createdAt), asc(assetFiles.id));
    },

    /** A file of the asset that is still there, or undefined. */
    async current(assetId: number, fileId: number) {
      const [row] = await db
        .select()
        .from(assetFiles)
        .where(
          and(
            eq(assetFiles.id, fileId),
            eq(assetFiles.assetId, assetId),
            isNull(assetFiles.removidoEm),
          ),
        );
      return row;
    },

    async insert(row: AssetFileInsert) {
      const [saved] = await db.insert(assetFiles).values(row).returning();
      return saved!;
    },

    /** Marks the file removed (once: a second removal finds nothing and returns undefined). */
    async markRemoved(assetId: number, fileId: number, by: number) {
      const [row] = await db
        .update(assetFiles)
        .set({ removidoEm: new Date(), removidoPor: by })
        .where(
          and(
            eq(assetFiles.id, fileId),
            eq(assetFiles.assetId, assetId),
            isNull(assetFiles.removidoEm),
          ),
        )
        .returning();
      return row;
    },
  };
}
