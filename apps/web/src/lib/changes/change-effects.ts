import { RT_EVENTS, type RealtimeChange, type RealtimeEventType } from '@eproto/domain';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

import { changedIds } from './page-delta.ts';

/** Queries a change makes stale: a key prefix, narrowed by `keep` (true = left alone). */
export interface ChangeEffect {
  queryKey: QueryKey;
  keep?: (queryKey: QueryKey) => boolean;
}

const prefix = (...keys: QueryKey[]): ChangeEffect[] => keys.map((queryKey) => ({ queryKey }));

/** Finance queries a demand's change with a version patches (get-finance-changes.ts). */
const FINANCE_PATCHED = new Set<unknown>(['list', 'contador', 'item']);

/** EPI lists of deliveries an 'epi.changed' with a version patches (get-epi-changes.ts). */
const EPI_PATCHED = new Set<unknown>(['mine', 'ficha', 'deliveries']);

/** Whether a change's data has `key` (what its patch in change-patches.ts needs). */
const carries = (change: RealtimeChange, key: string) =>
  change.data?.[key] !== undefined && change.data[key] !== null;

/**
 * Whether the task lists (list and kanban pages, a demand's tasks tab) are patched for this
 * change rather than read again: tasks changed with a version ('protocol.changed', patched in
 * change-patches.ts) and the demand's 'mural.changed' part 'tasks' that comes with it. Without
 * a version (a deleted task) they are read again.
 */
function tasksPatchedBy(change: RealtimeChange): boolean {
  return (
    change.version !== undefined &&
    (change.type === RT_EVENTS.protocolChanged || change.data?.part === 'tasks')
  );
}

/**
 * Whether a part of a demand changed (data.part: tasks, messages, files, participants) rather
 * than the demand itself (its fields, stage, contract) or its series ('recurrence').
 */
export function partOfDemand(change: RealtimeChange): boolean {
  const part = change.data?.part;
  return part !== undefined && part !== 'recurrence';
}

/**
 * A demand's or task's change shows outside the demand too: task lists, calendar, Gantt,
 * finance and the contracts overview (demands per stage, late). The contracts overview counts
 * demands only: a task's change or a part of a demand leaves it alone, and a demand's change
 * with a version patches its rows (features/contracts/api/get-contract-changes.ts); it is read
 * again only without one (a deleted demand). The finance list shows demands, not tasks; its
 * counters move with finance's own steps only (kept unless a demand is deleted). The
 * pages of the task list and
 * kanban (['protocols', 'list', query]) are patched instead (tasksPatchedBy), and so are the
 * calendar's range (['calendar', 'range', q]), the team Gantt (['gantt', 'team', q]) and a
 * demand's own calendar and Gantt tabs (['calendar' | 'gantt', 'mural', id]) when the change
 * has a version (features/planning/api/get-planning-changes.ts: a kanban move from the event
 * when the view holds the demand at the move's `from`, ignored when it holds a newer version,
 * else the range's delta; the same rule as the boards and the Demandas pages, which hold a
 * version of every row), and so is the team load
 * (['gantt', 'load', …]: a task's change asks only the people it touched; vehicles and
 * contracts never move with a task or demand); the team's members are read again.
 */
function workElsewhere(change: RealtimeChange): ChangeEffect[] {
  const tasksPatched = tasksPatchedBy(change);
  const rangesPatched = change.version !== undefined;
  // Who is in the load follows the boards' participants; their hours follow tasks only.
  const loadKept = rangesPatched && change.data?.part !== 'participants';
  const ofDemand = change.type === RT_EVENTS.muralChanged;
  const ofDemandItself = ofDemand && !partOfDemand(change);
  const contractsRead = ofDemandItself && change.version === undefined;
  return [
    ...(contractsRead ? prefix(['contracts', 'list']) : []),
    // The /contracts screen's pages count demands too; they are read again, never patched.
    ...(ofDemandItself ? prefix(['contracts', 'pages']) : []),
    { queryKey: ['protocols'], keep: ([, kind]) => tasksPatched && kind === 'list' },
    {
      queryKey: ['calendar'],
      keep: ([, kind]) => rangesPatched && (kind === 'range' || kind === 'mural'),
    },
    {
      queryKey: ['gantt'],
      keep: ([, kind]) =>
        (rangesPatched && (kind === 'team' || kind === 'mural')) || (loadKept && kind === 'load'),
    },
    // The feed is patched: it prepends what came since its cursor (change-patches.ts).
    // The finance list shows the demand's row: with a version its page is patched and the
    // demand's finance page read again only when it holds an older version
    // (features/finance/api/get-finance-changes.ts). Its counters count finance states, which
    // only finance's own steps move ('finance.changed'): a demand's change with a version never
    // does (a deleted one may); another demand's finance page is left alone.
    ...(ofDemand
      ? [
          {
            queryKey: ['finance'],
            keep: ([, kind, owner]: QueryKey) =>
              (rangesPatched && FINANCE_PATCHED.has(kind)) ||
              (kind === 'item' && owner !== change.id),
          },
        ]
      : []),
  ];
}

/**
 * What a demand's change touches in the reviews and recurrence screens: the review lists name
 * the demand (patched with a version; the queue's count moves with tasks only); a series' own
 * views show its
 * instances' stages, and a change of the series itself (data.part 'recurrence': created,
 * advanced, ended) changes every view of series.
 */
function demandElsewhere(change: RealtimeChange): ChangeEffect[] {
  const series = change.data?.part === 'recurrence';
  // With a version the queue's pages are patched (features/reviews/api/get-review-changes.ts);
  // new participants may see other reviews: read again.
  const reviewsPatched = change.version !== undefined && change.data?.part !== 'participants';
  return [
    {
      queryKey: ['reviews'],
      keep: ([, kind]) => kind === 'count' || (reviewsPatched && kind === 'list'),
    },
    {
      queryKey: ['recurrence'],
      keep: ([, kind, owner]) =>
        !series && (kind === 'bases' || (kind === 'mural' && owner !== change.id)),
    },
  ];
}

/**
 * The demand queries a demand's change makes stale: its own page (not other demands' pages),
 * the lists, and the counters only when a part of it changed (tasks, messages, files,
 * participants); a field or stage change leaves the counters alone. Boards (['murals',
 * 'board', id]) and the pages of the Demandas list (['murals', 'summary', query]) are patched
 * instead, row by row, when the change has a version (PATCHES in
 * app/realtime/change-patches.ts); a task's change never shows on a board card or list row.
 * The demand's tasks tab (['murals', 'detail', id, 'tasks']) is patched like the task lists
 * (tasksPatchedBy).
 */
function demandQueries(change: RealtimeChange): ChangeEffect {
  const id = change.id ?? change.data?.mural_id;
  // Tasks, messages, files or participants: the card's counters.
  const part = partOfDemand(change);
  const patched = change.version !== undefined || change.type === RT_EVENTS.protocolChanged;
  const tasksPatched = tasksPatchedBy(change);
  return {
    queryKey: ['murals'],
    keep: ([, kind, owner, sub]) =>
      ((kind === 'board' || kind === 'summary') && patched) ||
      (kind === 'counts' && !part) ||
      (kind === 'detail' && id !== undefined && owner !== id) ||
      (kind === 'detail' && sub === 'tasks' && tasksPatched),
  };
}

/**
 * Whether an OS's change is a message, file or note of its thread (data.part, no version: the
 * OS itself did not change): only that thread's parts are read again.
 */
export function osThreadChange(change: RealtimeChange): boolean {
  return change.version === undefined && typeof change.data?.part === 'string';
}

/**
 * The open agenda entry pages an OS's change reads again: the page of its entry
 * (data.agenda_entry_id; none when it has none), every entry page when the event does not say.
 */
function entryPagesOf(change: RealtimeChange): (id: unknown) => boolean {
  const entry = change.data?.agenda_entry_id;
  if (entry === null) return () => false;
  return typeof entry === 'number' ? (id) => id === entry : () => true;
}

/** Agenda lists an OS's or entry's change patches (features/agenda/api/get-agenda-changes.ts). */
const OS_PATCHED_AGENDA = new Set<unknown>(['list', 'mine']);

/** The parts of an OS's thread (components/work-item threadKeys): no OS step moves them. */
const OS_THREAD = new Set<unknown>(['messages', 'attachments', 'history']);

/** The agenda form's pickers (activity types, a contract's demands): no agenda write moves them. */
const agendaPicker = (kind: unknown) => kind === 'activity-types' || kind === 'demands';

/** An asset's own queries besides its page (features/assets/api: ['assets', kind, assetId]). */
const ASSET_PARTS = new Set<unknown>(['files', 'meter', 'maintenance', 'year']);

/**
 * What an asset's change touches. With a version, the list pages and the asset's page are
 * patched (features/assets/api/get-asset-changes.ts: a page asks `/tatico/ativos/changes`, the
 * asset's page is read once unless it holds the version); that asset's files, meter and
 * preventive calendar are read again (only its files for a new file, `part: 'files'`), the
 * labels of its contract (they show tags), the plans (their overdue lists name assets) and
 * the types only when an asset came in (their counts: a creation, an import). Without a
 * version (a type changed: every row shows its name), everything is read again.
 */
function assetEffects(change: RealtimeChange): ChangeEffect[] {
  if (change.version === undefined) return prefix(['assets']);
  const { id } = change;
  const contract = change.data?.contract_id;
  const filesOnly = change.data?.part === 'files';
  const created = id === undefined || change.data?.created === true;
  return [
    {
      queryKey: ['assets'],
      keep: ([, kind, owner]) =>
        kind === 'list' ||
        kind === 'detail' ||
        kind === 'report-setting' ||
        (ASSET_PARTS.has(kind) && (owner !== id || (filesOnly && kind !== 'files'))) ||
        (kind === 'types' && !created) ||
        (kind === 'labels' &&
          (filesOnly || (typeof contract === 'number' && owner !== contract))) ||
        (kind === 'plans' && filesOnly),
    },
  ];
}

/**
 * A vehicle's or an inventory item's change with a version: the lists and the row's page are
 * patched (features/frota/api/get-fleet-changes.ts); the rest of the area (alerts, the
 * movements log, the pickers) is read again. Without a version, everything under `area`.
 */
function listedRowEffects(area: 'fleet' | 'inventory', change: RealtimeChange): ChangeEffect[] {
  if (change.version === undefined) return prefix([area]);
  const [list, page] = area === 'fleet' ? ['vehicles', 'vehicle'] : ['items', 'item'];
  return [{ queryKey: [area], keep: ([, kind]) => kind === list || kind === page }];
}

/**
 * The one map of what each change touches in the query cache, for office and field writes
 * alike: applied to a push event from another tab (app/realtime/use-realtime-sync.ts) and to
 * the changes listed in this tab's write answer (X-Changes, lib/api-client.ts). A mutation
 * patches what its answer already says (setQueryData) and leaves the refetching to this map.
 * A new event type in RT_EVENTS does not compile until it has its row here.
 */
const EFFECTS: { [T in RealtimeEventType]: (change: RealtimeChange) => ChangeEffect[] } = {
  [RT_EVENTS.hello]: () => [],
  // The bell asks only what came since its cursor (get-notifications.ts, fetchSyncedPage).
  [RT_EVENTS.notification]: () => prefix(['notifications']),
  // Carries the read and the unread count: patched (change-patches.ts); read again without.
  [RT_EVENTS.notificationRead]: (c) =>
    typeof c.data?.unread === 'number' ? [] : prefix(['notifications']),
  // The chat is patched (features/chat/api/chat-changes.ts): a message's event carries its
  // preview, so the conversation lists and the menu badge take it as it is and only the
  // conversation on screen asks `?updated_since=` for it; a read carries who, up to which
  // message and when, patched in place. An event without them (older server) reads again.
  [RT_EVENTS.chatMessage]: (c) => (carries(c, 'preview') ? [] : prefix(['chat'])),
  [RT_EVENTS.chatRead]: (c) => (carries(c, 'upTo') ? [] : prefix(['chat'])),
  [RT_EVENTS.contractChatMessage]: (c) => (carries(c, 'preview') ? [] : prefix(['contract-chat'])),
  [RT_EVENTS.contractChatRead]: (c) => (carries(c, 'chatId') ? [] : prefix(['contract-chat'])),
  [RT_EVENTS.muralChanged]: (c) => [demandQueries(c), ...workElsewhere(c), ...demandElsewhere(c)],
  // Only the caller's unread marks changed: patched in place (change-patches.ts).
  [RT_EVENTS.muralViewed]: () => [],
  // The review queue and its badge are patched when the change has a version
  // (features/reviews/api/get-review-changes.ts): a task's change asks only on a page that shows
  // it, a queue move ('reviews.changed', same version) on every page on screen, with the badge
  // from the same answer. Without a version (a deleted task) they are read again.
  [RT_EVENTS.protocolChanged]: (c) => [
    demandQueries(c),
    ...workElsewhere(c),
    ...(c.version === undefined ? prefix(['reviews']) : []),
  ],
  [RT_EVENTS.reviewsChanged]: (c) => (c.version === undefined ? prefix(['reviews']) : []),
  [RT_EVENTS.boardChanged]: () => prefix(['boards'], ['murals']),
  // An OS step changes the OS (its page, its assets, who may be mentioned) and the agenda
  // entry that shows it (data.agenda_entry_id); a material recorded on it moves the stock the
  // material picker shows (components/pickers). With a version the OS page itself is left to
  // change-patches.ts (read once, unless it already shows that version: the tab that wrote),
  // and so are the OS list pages and the agendas (patched from their cursors); its thread's
  // messages, files and notes stay. Other OSs, the service types and the agenda's pickers are
  // left alone. A change of its thread (osThreadChange) reads that thread's parts only.
  [RT_EVENTS.serviceOrderChanged]: (c) => {
    if (osThreadChange(c)) {
      return [
        {
          queryKey: ['service-orders', 'detail', c.id],
          keep: ([, , , part]) => part === undefined || part === 'ativos',
        },
      ];
    }
    const versioned = c.version !== undefined;
    const entryPage = entryPagesOf(c);
    return [
      {
        queryKey: ['service-orders'],
        keep: ([, kind, owner, part]) =>
          kind === 'list' ||
          kind === 'types' ||
          (kind === 'detail' &&
            (owner !== c.id || (versioned && (part === undefined || OS_THREAD.has(part))))),
      },
      {
        queryKey: ['agenda'],
        keep: ([, kind, id]) =>
          OS_PATCHED_AGENDA.has(kind) || agendaPicker(kind) || (kind === 'entry' && !entryPage(id)),
      },
      ...prefix(['inventory', 'picker']),
    ];
  },
  // The agendas are patched from their cursors, with the other bookings whose conflicts moved
  // (change-patches.ts); the open pages of the entries it names (data.ids; all without) are
  // read again, the others and the pickers stay. The page of the entry written (id, with its
  // version) is left to change-patches.ts: the tab whose write put the answer in asks nothing.
  [RT_EVENTS.agendaChanged]: (c) => {
    const named = changedIds(c.data);
    const own = c.version !== undefined ? c.id : undefined;
    return [
      {
        queryKey: ['agenda'],
        keep: ([, kind, id]) =>
          OS_PATCHED_AGENDA.has(kind) ||
          agendaPicker(kind) ||
          (kind === 'entry' && ((named.length > 0 && !named.includes(id as number)) || id === own)),
      },
    ];
  },
  [RT_EVENTS.assetsChanged]: assetEffects,
  // A contract or someone's link to one: its lists and both contract pickers, the contracts
  // (['contracts', 'picker']) and the caller's access (['contracts', 'access']), which no task,
  // demand or review change touches (components/pickers/keys.ts).
  [RT_EVENTS.contractsChanged]: () => prefix(['contracts'], ['contract-chat']),
  // A delivery or catalogue item with its version (EpiChangeData): the synced lists of
  // deliveries (Meus EPIs, fichas, the gestores' Entregas) are patched from their cursors when
  // they must show it (features/epi/api/get-epi-changes.ts); the catalogue is read again when
  // the item or its stock moved, the person's requests when a replacement was asked, and the
  // gestores' alerts. Without a version, every EPI list is read again.
  [RT_EVENTS.epiChanged]: (c) => {
    const kind = c.data?.kind;
    if (c.version === undefined || (kind !== 'delivery' && kind !== 'item')) {
      return prefix(['epi']);
    }
    const catalogue = kind === 'item' || c.data?.stock === true;
    const requests = c.data?.replacement === true;
    return [
      {
        queryKey: ['epi'],
        keep: ([, part]) =>
          EPI_PATCHED.has(part) ||
          (part === 'items' && !catalogue) ||
          (part === 'my-requests' && !requests),
      },
    ];
  },
  // A finance step (version: the demand's updated_at) patches the list's page on screen and
  // takes the counters from the same answer; the demand's finance page is read again only
  // when it holds an older version (features/finance/api/get-finance-changes.ts).
  [RT_EVENTS.financeChanged]: (c) =>
    c.version === undefined
      ? prefix(['finance'])
      : [{ queryKey: ['finance'], keep: ([, kind]) => FINANCE_PATCHED.has(kind) }],
  [RT_EVENTS.fleetChanged]: (c) => listedRowEffects('fleet', c),
  [RT_EVENTS.inventoryChanged]: (c) => listedRowEffects('inventory', c),
  // A request with its version (its updated_at): the lists and the request's page are patched
  // (features/solicitacoes/api/get-request-changes.ts); the EPI requests of Meus EPIs are read
  // again when it replaces an EPI (data.epi_delivery_id). Without a version, all read again.
  [RT_EVENTS.requestsChanged]: (c) =>
    c.version === undefined
      ? prefix(['requests'], ['epi', 'my-requests'])
      : [
          { queryKey: ['requests'], keep: ([, kind]) => kind === 'list' || kind === 'detail' },
          ...(typeof c.data?.epi_delivery_id === 'number' ? prefix(['epi', 'my-requests']) : []),
        ],
  [RT_EVENTS.sstChanged]: () => prefix(['sst']),
  // A ticket with its version (its updatedAt): the list's pages and the ticket's page are
  // patched (features/support/api/get-ticket-changes.ts); without one, read again.
  [RT_EVENTS.supportChanged]: (c) => (c.version === undefined ? prefix(['support']) : []),
  // Who is editing: held apart (lib/presence), no query changes.
  [RT_EVENTS.presence]: () => [],
};

/** What a change makes stale (see EFFECTS). */
export function effectsOf(change: RealtimeChange): ChangeEffect[] {
  return EFFECTS[change.type](change);
}

/** Query keys a reconnect must not touch (the session check has its own rules). */
export const NOT_ON_RECONNECT: readonly string[] = ['session', 'auth'];

/**
 * Refetches (active) or marks stale (inactive) every query the changes touch, each once: the
 * changes a write's answer lists together (an OS and its agenda entry) read a page they both
 * touch once, not once each.
 */
export function applyChanges(queryClient: QueryClient, changes: readonly RealtimeChange[]): void {
  const touched = new Set<Query>();
  const cache = queryClient.getQueryCache();
  for (const change of changes) {
    for (const { queryKey, keep } of effectsOf(change)) {
      for (const query of cache.findAll({ queryKey })) {
        if (!keep?.(query.queryKey)) touched.add(query);
      }
    }
  }
  if (touched.size > 0) void queryClient.invalidateQueries({ predicate: (q) => touched.has(q) });
}

/** Refetches (active) or marks stale (inactive) every query a change touches. */
export function applyChange(queryClient: QueryClient, change: RealtimeChange): void {
  applyChanges(queryClient, [change]);
}
