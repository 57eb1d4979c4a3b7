import { SYNC_CURSOR_OVERLAP_MS } from '@eproto/domain';

/**
 * The `cursor` a synced list answers, taken before it reads: the server's time less the
 * overlap (@eproto/domain sync.ts), so a write that commits just after the read comes again.
 */
export function nextSyncCursor(now = Date.now()): string {
  return new Date(now - SYNC_CURSOR_OVERLAP_MS).toISOString();
}
