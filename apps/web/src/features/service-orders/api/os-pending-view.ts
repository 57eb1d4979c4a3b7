import type { OsKmKind } from '@eproto/domain';

import type { OutboxItem } from '../../../lib/offline/outbox-types.ts';

// Apart from os-pending.ts (which applies the queued steps) so the OS page can show an OS with
// nothing waiting without loading that code (os-pending-load.ts).

/** What of an OS waits on the phone, for the page to mark it "aguardando conexão". */
export interface OsPendingView {
  /** Steps waiting for the signal, oldest first. */
  waiting: OutboxItem[];
  /** Steps the server refused ("Precisa de atenção"): not applied to the view. */
  attention: OutboxItem[];
  /** A status step (check-in, pause...) or the conclusion waits. */
  status: boolean;
  concluded: boolean;
  answers: ReadonlySet<number>;
  /** Answers of the OS's assets that wait, by `assetAnswerKey(assetId, itemId)`. */
  assetAnswers: ReadonlySet<string>;
  /** Ids (negative) of photos and materials that only exist on the phone. */
  photos: ReadonlySet<number>;
  materials: ReadonlySet<number>;
  km: ReadonlySet<OsKmKind>;
  /** People whose joining or leaving the team waits. */
  team: ReadonlySet<number>;
}

/** A view with nothing applied yet (its sets still to fill): these writes wait or need attention. */
export const emptyPendingView = (
  waiting: OsPendingView['waiting'],
  attention: OsPendingView['attention'],
) => ({
  waiting,
  attention,
  status: false,
  concluded: false,
  answers: new Set<number>(),
  assetAnswers: new Set<string>(),
  photos: new Set<number>(),
  materials: new Set<number>(),
  km: new Set<OsKmKind>(),
  team: new Set<number>(),
});

export const NO_PENDING: OsPendingView = emptyPendingView([], []);
