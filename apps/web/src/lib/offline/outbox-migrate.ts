import { dataUrlToBlob } from './data-url.ts';
import type { OutboxItem } from './outbox-types.ts';

/** JSON body fields that hold an image as a data URL (the signature drawn on the pad). */
const IMAGE_FIELDS = ['assinatura'] as const;

/**
 * Keeps the images of a queued JSON body as Blobs (`item.blobs`) instead of base64 strings:
 * a third smaller in IndexedDB and the form the issue asks for. Applied to every new write and
 * to writes queued by an older version of the app (still in data-URL form), which then sync as
 * before. True when the item changed (to be saved again).
 */
export function keepImagesAsBlobs(item: OutboxItem): boolean {
  const body = item.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const rest: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const blobs: Record<string, Blob> = { ...item.blobs };
  let changed = false;
  for (const field of IMAGE_FIELDS) {
    const value = rest[field];
    const blob = typeof value === 'string' ? dataUrlToBlob(value) : null;
    if (!blob) continue;
    blobs[field] = blob;
    delete rest[field];
    changed = true;
  }
  if (!changed) return false;
  item.body = rest;
  item.blobs = blobs;
  return true;
}
