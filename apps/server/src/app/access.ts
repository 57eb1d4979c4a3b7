import type { Role } from '@eproto/domain';
import type { DbOrTx } from '../db/client.ts';
import type { ServiceDeps } from '../deps.ts';
import { loadProtocolAccess, type ProtocolAccess } from '../modules/protocols/protocol-access.ts';
import {
  createOsAccess,
  type OsAccess,
  type OsAccessRules,
} from '../modules/service-orders/service-order-access.ts';
import { createServiceOrdersRepo } from '../modules/service-orders/service-orders.repo.ts';
import type { AprPtScope } from '../modules/sst/apr-pt.repo.ts';
import { scopeOf } from '../modules/sst/apr.service.ts';
import { osTeamGate, type OsTeamInput } from '../modules/sst/sst-os.service.ts';
import {
  createScopeService,
  type MuralAccess,
  type ScopeService,
} from '../modules/access/scope.service.ts';
import {
  createWorkGates,
  type TeamGateInput,
  type TeamVerdict,
  type WorkGates,
} from '../modules/sst/work-gates.ts';

/** The signed-in person an access rule reads. */
export interface AccessUser {
  id: number;
  type: Role;
}

/** What `requireAccess` answers for each kind of item: the item and what the caller may do. */
export interface ItemAccess {
  demand: MuralAccess;
  task: ProtocolAccess;
  os: OsAccess;
}
export type ItemKind = keyof ItemAccess;

type ItemRule<K extends ItemKind> = (
  u: AccessUser,
  id: number,
  db: DbOrTx,
) => Promise<ItemAccess[K]>;

/**
 * Who may open which item: one rule per kind. Each answers 404 (never 403) when the item does
 * not exist or is out of the caller's scope, so ids cannot be probed.
 */
const ITEM_RULES: { [K in ItemKind]: ItemRule<K> } = {
  demand: (u, id, db) => createScopeService(db).assertMuralVisible(u, id, db),
  task: (u, id, db) => loadProtocolAccess(db, u, id),
  os: (u, id, db) => createOsAccess(db).of(u, id),
};

/** An agenda entry about to start: the entry's live OS, if any, decides the gate. */
export interface EntryStartInput {
  tx: DbOrTx;
  entryId: number;
  at: Date;
}

/**
 * The per-entity access seam (docs/development.md "Access"): built ONCE in app.ts and handed to
 * every service as `deps.access`. Services ask it, never a rule of their own:
 * - `requireAccess(u, kind, id)` — the item with the caller's rights, or 404;
 * - list scopes (`scope`, `osListWhere`, `aprPtScope`) — the same rules as SQL conditions;
 * - the field-work gates: putting people on work (`assignEntry`, `assignOs`) and starting it
 *   on site (`startEntry`, `checkInOs`) go through the SAME SST gates for the agenda and the OS.
 */
export interface Access {
  requireAccess<K extends ItemKind>(
    u: AccessUser,
    kind: K,
    id: number,
    db?: DbOrTx,
  ): Promise<ItemAccess[K]>;
  /** Demands, boards and contracts the user sees (scope.service.ts). */
  scope(db?: DbOrTx): ScopeService;
  /** The OS rules: `of` (= requireAccess 'os'), `listWhere`, `assertContract` of a new OS. */
  os(db?: DbOrTx): OsAccessRules;
  /** The APRs/PTs the user sees. */
  aprPtScope(u: AccessUser, db?: DbOrTx): Promise<AprPtScope>;
  /** The SST gates themselves (pre-checks read `teamReasons`). */
  gates: WorkGates;
  /** People on an agenda entry: the team gate; the agenda records a release on the entry. */
  assignEntry(i: TeamGateInput): Promise<TeamVerdict>;
  /** People on an OS: the same team gate; a release is recorded on the OS. */
  assignOs(i: OsTeamInput): Promise<void>;
  /** An OS's check-in: the PT gate. */
  checkInOs(i: { tx: DbOrTx; os: { id: number; serviceTypeId: number }; at: Date }): Promise<void>;
  /** The start of an agenda entry: the same PT gate when the entry is an OS's. */
  startEntry(i: EntryStartInput): Promise<void>;
}

/** Builds the access seam; app.ts does it once and passes it in (tests may build their own). */
export function createAccess(deps: Pick<ServiceDeps, 'database' | 'config'>): Access {
  const db = deps.database.db;
  const gates = createWorkGates(deps);
  return {
    requireAccess: (u, kind, id, on = db) => ITEM_RULES[kind](u, id, on),
    scope: (on = db) => createScopeService(on),
    os: (on = db) => createOsAccess(on),
    aprPtScope: (u, on = db) => scopeOf(on, u),
    gates,
    assignEntry: (i) => gates.team(i),
    assignOs: (i) => osTeamGate(gates, i),
    checkInOs: ({ tx, os, at }) =>
      gates.checkIn({ tx, serviceOrderId: os.id, serviceTypeId: os.serviceTypeId, at }),
    async startEntry({ tx, entryId, at }) {
      const r = createServiceOrdersRepo(tx);
      const [live] = await r.ofAgendaEntries([entryId]);
      if (!live) return;
      const os = await r.byId(live.id);
      if (os)
        await gates.checkIn({ tx, serviceOrderId: os.o.id, serviceTypeId: os.o.serviceTypeId, at });
    },
  };
}
