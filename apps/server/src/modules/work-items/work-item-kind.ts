import type { UserRef, workItemSchemas } from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { Access } from '../../app/access.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import type { ThreadView } from './work-items.repo.ts';

type EventDeps = Pick<ServiceDeps, 'database' | 'events'>;

/** One work item as the caller may use its thread (built by the kind's access check). */
export interface WorkItemAccess {
  id: number;
  titulo: string;
  /** The demand it is, or belongs to (notifications and participants point at it), if any. */
  muralId: number | null;
  /** The task it is, if it is one (notifications point at it). */
  protocolId: number | null;
  /** App path notifications open when the item is neither a demand nor a task (an OS). */
  link?: string;
  /** Where it happened, in a sentence: 'em "Título"', 'na tarefa "Título"'. */
  where: string;
  can: {
    message: boolean;
    upload: boolean;
    deleteAnyAttachment: boolean;
    addParticipants: boolean;
  };
}

/** A demand, or a task of one: the demand is always known. */
export interface DemandItemAccess extends WorkItemAccess {
  muralId: number;
}

/**
 * The answer schemas of a kind (workItemSchemas('mural_id')), seen as plain schemas so one
 * route table serves every kind; the serializer still checks each answer against them.
 */
export type ThreadSchemas = Record<keyof ReturnType<typeof workItemSchemas>, z.ZodType>;

/** Which part of the thread changed (sent in the realtime event). */
export type ThreadPart = 'messages' | 'attachments' | 'history' | 'participants';

/**
 * A kind of work item with a thread (messages with @mentions, attachments deleted with a reason,
 * history). Demands and tasks each define one (murals/mural-thread.ts,
 * protocols/protocol-thread.ts); the thread services and routes serve any of them.
 */
export interface WorkItemKind<
  F extends string = string,
  A extends WorkItemAccess = WorkItemAccess,
> {
  /** Storage prefix of its files: 'murals', 'protocols'. */
  name: string;
  /** Where its routes are mounted, for download links: '/api/eproto/murals'. */
  apiBase: string;
  /** Field that names the item in answers: 'mural_id'. */
  idField: F;
  schemas: ThreadSchemas;
  tables: ThreadView;
  /** Path of uploads under /{id} (SPEC.md: 'attachments/upload' for demands). */
  uploadPath: string;
  /** Route tag in the API docs. */
  tag: string;
  /**
   * The item with the caller's rights, asked of the access seam (`seam.requireAccess`); throws
   * 404 when it does not exist or is out of scope.
   */
  access(seam: Access, db: DbOrTx, u: ScopeUser, id: number): Promise<A>;
  /** People who can be mentioned: everyone linked to the item (all of whom can see it). */
  mentionables(db: DbOrTx, item: A): Promise<UserRef[]>;
  /** People told about a new attachment. */
  watchers(tx: DbOrTx, item: A): Promise<number[]>;
  /** Runs inside every thread write (e.g. the demand's last activity for the unread marker). */
  touched(tx: DbOrTx, item: A, userId: number): Promise<void>;
  /**
   * Makes `userId` a participant (of the item or of the demand it belongs to), with history;
   * false when they already were one.
   */
  addParticipant(tx: DbOrTx, item: A, userId: number, by: number): Promise<boolean>;
  /** Tells the open tabs after commit. */
  changed(deps: EventDeps, item: A, part: ThreadPart): Promise<void>;
}
