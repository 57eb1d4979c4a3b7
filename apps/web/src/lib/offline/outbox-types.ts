/** A file of a queued multipart write (a photo, a signature): kept as a Blob in IndexedDB. */
export interface OutboxFile {
  field: string;
  blob: Blob;
  name: string;
}

/** What a queued write sends: a JSON body, or multipart fields and files. */
export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API path without /api, e.g. `/tatico/agenda/12/status`. */
  path: string;
  body?: unknown;
  /**
   * Fields of the JSON body kept as Blobs in IndexedDB (a drawn signature), not as base64
   * strings; put into the body as data URLs when sent, as the route takes them.
   */
  blobs?: Record<string, Blob>;
  form?: { fields: Record<string, string>; files: OutboxFile[] };
}

/**
 * pending: waiting to be sent; sending: on its way now; attention: the server refused it (4xx)
 * and the person must retry or discard it ("Precisa de atenção").
 */
export type OutboxState = 'pending' | 'sending' | 'attention';

/** Related writes shown as one row of the Pendentes panel: "3 fotos · OS-2026-000012". */
export interface OutboxGroup {
  /** Writes with the same id share a row, e.g. `os:12:fotos`. */
  id: string;
  /** What one and several of them are called: ['foto', 'fotos']. */
  noun: [one: string, many: string];
  /** What they belong to, e.g. the OS number. */
  of: string;
}

/** Small values a screen uses to show the write as done-but-pending (entry id, new status...). */
export type OutboxMeta = Record<string, string | number | boolean | null>;

export interface OutboxItem extends OutboxRequest {
  /** Idempotency-Key sent with every attempt: the server applies the write once. */
  key: string;
  /** Order of creation: writes are sent in this order. */
  seq: number;
  /** Whose write it is: only that person's session sends it. */
  userId: number;
  /** What kind of write (e.g. 'agenda.status'): screens find their pending writes by it. */
  kind: string;
  /** What the person did, in Portuguese, for the Pendentes panel ("Iniciar: Troca de lâmpadas"). */
  label: string;
  meta: OutboxMeta;
  /** Shown together with related writes in the Pendentes panel (photos of one OS...). */
  group?: OutboxGroup;
  /** When the person did it on the device (sent as X-Device-Time). */
  deviceTime: string;
  state: OutboxState;
  attempts: number;
  /** The server's Portuguese reason, when it refused the write. */
  refusal?: { status: number; message: string };
  /**
   * Being sent right after it was made, with signal, the person waiting for the answer: not
   * shown as pending unless that first attempt fails.
   */
  live?: boolean;
  /** Query keys refreshed once the write reached the server (on a refusal only if announced). */
  invalidate: unknown[][];
  /** The server's push event says what it changed (OutboxInput.announced). */
  announced?: boolean;
}

/** What a caller gets back: the server's answer, or "queued" (sent when the signal returns). */
export type OutboxResult<T> = { status: 'sent'; data: T } | { status: 'queued'; key: string };
