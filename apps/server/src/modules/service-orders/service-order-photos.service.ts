import {
  OS_PHOTOS_MAX,
  OS_PHOTOS_PER_REQUEST,
  osPhotoMetaList,
  type OsPhoto,
  type osPhotoPatchBody,
} from '@eproto/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { safeFileName } from '../../lib/file-type.ts';
import { sentDeviceTime } from '../../plugins/device-time.ts';
import { incomingFile, usingFile } from '../../lib/incoming-file.ts';
import { removeAfterCommit } from '../../lib/storage-cleanup.ts';
import type { OsActor } from './service-order-access.ts';
import { toPhoto } from './service-order-detail.ts';
import { storePhoto, type StoredPhoto } from './service-order-photo-store.ts';
import { createOsKit, type Stamp } from './service-orders.service.ts';
import { createServiceOrdersRepo, type OsPhotoRow, type OsVersion } from './service-orders.repo.ts';
import { createServiceTypesRepo } from './service-types.repo.ts';

const PHOTO_PREFIX = 'os-fotos';

interface IncomingPhoto extends StoredPhoto {
  fileName: string;
}

/**
 * Photos of an OS: up to OS_PHOTOS_PER_REQUEST per upload, JPEG or PNG by their bytes, each
 * with its metadata (when and where taken, antes/depois, caption, checklist item). Each file
 * streams to the storage as it arrives, with a thumbnail made on the way
 * (service-order-photo-store.ts); the rows are written in one transaction, and a refusal removes
 * whatever was stored.
 */
export function createOsPhotosService(deps: ServiceDeps) {
  const kit = createOsKit(deps);
  const { db } = kit;
  const maxBytes = deps.config.UPLOAD_MAX_MB * 1_048_576;
  const tooLarge = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `Foto grande demais: o limite é ${deps.config.UPLOAD_MAX_MB} MB por foto.`,
      'file',
    );

  /**
   * Reads the multipart form: each `file` part is stored while it streams in (pushed on
   * `stored`, so the caller can remove them on any refusal), the `meta` JSON array is parsed.
   */
  async function readForm(req: FastifyRequest, id: number, stored: IncomingPhoto[]) {
    if (!req.isMultipart()) {
      throw new AppError('VALIDATION', 'Envie as fotos como multipart/form-data.', 'file');
    }
    let meta: unknown = [];
    try {
      for await (const part of req.parts({
        limits: {
          files: OS_PHOTOS_PER_REQUEST,
          fileSize: maxBytes,
          fields: 4,
          parts: OS_PHOTOS_PER_REQUEST + 4,
        },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          const fileName = safeFileName(part.filename);
          const file = await incomingFile(part);
          const photo = await usingFile(file, (f) =>
            storePhoto(deps.storage, `${PHOTO_PREFIX}/${id}`, f, fileName),
          );
          stored.push({ ...photo, fileName });
        } else if (part.fieldname === 'meta') {
          try {
            meta = JSON.parse(String(part.value));
          } catch {
            throw new AppError('VALIDATION', 'Metadados das fotos inválidos.', 'meta');
          }
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        throw new AppError(
          'VALIDATION',
          `No máximo ${OS_PHOTOS_PER_REQUEST} fotos por envio.`,
          'file',
        );
      }
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'PAYLOAD_TOO_LARGE') throw tooLarge();
      throw err;
    }
    if (stored.length === 0) throw new AppError('VALIDATION', 'Selecione uma foto.', 'file');
    const parsed = osPhotoMetaList.safeParse(meta);
    if (!parsed.success) {
      throw new AppError(
        'VALIDATION',
        parsed.error.issues[0]?.message ?? 'Metadados das fotos inválidos.',
        'meta',
      );
    }
    if (parsed.data.length > stored.length) {
      throw new AppError('VALIDATION', 'Há mais metadados do que fotos.', 'meta');
    }
    return parsed.data;
  }

  return {
    async upload(u: OsActor, id: number, req: FastifyRequest): Promise<{ items: OsPhoto[] }> {
      const a = await kit.access.of(u, id);
      kit.assertTeam(a);
      kit.assertOpen(a.row.o);
      const files: IncomingPhoto[] = [];
      const removeStored = async () => {
        for (const f of files) {
          await deps.storage.remove(f.key).catch(() => undefined);
          await deps.storage.remove(f.thumbKey).catch(() => undefined);
        }
      };
      let meta: Awaited<ReturnType<typeof readForm>>;
      try {
        meta = await readForm(req, id, files);
      } catch (err) {
        await removeStored();
        throw err;
      }
      const now = new Date();
      let saved: { rows: OsPhotoRow[]; version: OsVersion };
      // A photo queued offline may carry its time only in X-Device-Time.
      const sent = sentDeviceTime(req);
      try {
        for (const m of meta) {
          m.device_time ??= sent;
          kit.deviceTime(m, now);
        }
        const itemIds = [
          ...new Set(meta.flatMap((m) => (m.checklist_item_id ? [m.checklist_item_id] : []))),
        ];
        for (const itemId of itemIds) {
          if (!(await createServiceTypesRepo(db).item(a.row.o.versionId, itemId))) {
            throw new AppError('VALIDATION', 'Item do checklist não encontrado nesta OS.', 'meta');
          }
        }
        const { rows, version } = await db.transaction(async (tx) => {
          await kit.lockOpen(tx, id);
          const r = createServiceOrdersRepo(tx);
          if ((await r.photoCount(id)) + files.length > OS_PHOTOS_MAX) {
            throw new AppError(
              'CONFLICT',
              `Uma OS guarda no máximo ${OS_PHOTOS_MAX} fotos.`,
              'file',
            );
          }
          const rows = await r.insertPhotos(
            files.map((f, i) => {
              const m = meta[i];
              return {
                serviceOrderId: id,
                storageKey: f.key,
                thumbKey: f.thumbKey,
                mimeType: f.mimeType,
                size: f.size,
                sha256: f.sha256,
                fileName: f.fileName,
                tiradaEm: m?.tirada_em ? new Date(m.tirada_em) : null,
                latitude: m?.latitude ?? null,
                longitude: m?.longitude ?? null,
                precisaoM: m?.precisao_m ?? null,
                tag: m?.tag ?? null,
                legenda: m?.legenda ?? null,
                checklistItemId: m?.checklist_item_id ?? null,
                uploadedBy: u.id,
                deviceTime: m?.device_time ? new Date(m.device_time) : null,
                createdAt: now,
              };
            }),
          );
          await r.insertEvent({
            serviceOrderId: id,
            tipo: 'foto_adicionada',
            userId: u.id,
            em: now,
            deviceTime: meta[0]?.device_time ? new Date(meta[0].device_time) : null,
            latitude: meta[0]?.latitude ?? null,
            longitude: meta[0]?.longitude ?? null,
            precisaoM: meta[0]?.precisao_m ?? null,
            texto: files.length === 1 ? '1 foto' : `${files.length} fotos`,
          });
          return { rows, version: await r.touch(id) };
        });
        saved = { rows, version };
      } catch (err) {
        await removeStored();
        throw err;
      }
      await kit.changed(id, saved.version);
      return { items: saved.rows.map((p) => toPhoto(p, u.nome ?? '')) };
    },

    async download(u: OsActor, id: number, photoId: number) {
      await kit.access.of(u, id);
      const p = await createServiceOrdersRepo(db).photo(id, photoId);
      if (!p || !(await deps.storage.exists(p.storageKey))) {
        throw new AppError('NOT_FOUND', 'Foto não encontrada.');
      }
      return {
        stream: deps.storage.get(p.storageKey),
        mimeType: p.mimeType,
        fileName: p.fileName,
        size: p.size,
      };
    },

    /** The photo's thumbnail (JPEG); photos stored before thumbnails existed give the photo. */
    async thumbnail(u: OsActor, id: number, photoId: number) {
      await kit.access.of(u, id);
      const p = await createServiceOrdersRepo(db).photo(id, photoId);
      const key = p?.thumbKey ?? p?.storageKey;
      if (!p || !key || !(await deps.storage.exists(key))) {
        throw new AppError('NOT_FOUND', 'Foto não encontrada.');
      }
      return {
        stream: deps.storage.get(key),
        mimeType: p.thumbKey ? 'image/jpeg' : p.mimeType,
        fileName: p.thumbKey ? 'miniatura.jpg' : p.fileName,
      };
    },

    async patch(u: OsActor, id: number, photoId: number, b: z.output<typeof osPhotoPatchBody>) {
      const a = await kit.access.of(u, id);
      kit.assertTeam(a);
      const now = new Date();
      const deviceTime = kit.deviceTime(b, now);
      const version = await db.transaction(async (tx) => {
        await kit.lockOpen(tx, id);
        const r = createServiceOrdersRepo(tx);
        if (!(await r.photo(id, photoId))) throw new AppError('NOT_FOUND', 'Foto não encontrada.');
        await r.updatePhoto(photoId, { tag: b.tag, legenda: b.legenda });
        await r.insertEvent({
          serviceOrderId: id,
          tipo: 'foto_editada',
          userId: u.id,
          em: now,
          deviceTime,
          texto: `Foto #${photoId}`,
        });
        return r.touch(id);
      });
      await kit.changed(id, version);
      return kit.detail(u, id);
    },

    async remove(u: OsActor, id: number, photoId: number, stamp: Stamp = {}) {
      const a = await kit.access.of(u, id);
      kit.assertTeam(a);
      const now = new Date();
      const deviceTime = kit.deviceTime(stamp, now);
      const { removeFiles, version } = await db.transaction(async (tx) => {
        await kit.lockOpen(tx, id);
        const r = createServiceOrdersRepo(tx);
        const p = await r.photo(id, photoId);
        if (!p) throw new AppError('NOT_FOUND', 'Foto não encontrada.');
        await r.deletePhoto(photoId);
        await r.insertEvent({
          serviceOrderId: id,
          tipo: 'foto_removida',
          userId: u.id,
          em: now,
          deviceTime,
          texto: p.legenda ?? `Foto #${photoId}`,
        });
        const removeFiles = await removeAfterCommit(deps, tx, [p.storageKey, p.thumbKey]);
        return { removeFiles, version: await r.touch(id) };
      });
      await removeFiles();
      await kit.changed(id, version);
    },
  };
}
