import { z } from 'zod';
import { INT4_MAX, isDateOnly, pageSize, plainDate, positiveId, userRefSchema } from './common.ts';
import { addDaysTo } from './field-common.ts';
import { muralHistoryLabel } from './murals.ts';
import { protocolHistoryLabel } from './protocols.ts';
import { PRIORITIES, STAGE_LABELS, STAGES, type Stage } from './stages.ts';
import { updatedSince } from './sync.ts';

/**
 * Planning views (issue 4): Gantt, calendar, feed and team. Read-only calls; dates are moved
 * through PATCH /api/eproto/protocols/{id} (tasks, with cascade) and PATCH /api/eproto/murals/{id}.
 */

const stage = z.enum(STAGES);
const prioridade = z.enum(PRIORITIES);

/** Longest date range one Gantt or calendar request may ask for, in days. */
export const MAX_PLANNING_RANGE_DAYS = 400;

/** Where an item opens: the SPA route and its API resource. */
export const planningLinksSchema = z.object({ web: z.string(), api: z.string() });
export type PlanningLinks = z.infer<typeof planningLinksSchema>;

/** Links of a demand. */
export function muralLinks(id: number): PlanningLinks {
  return { web: `/eproto/murals/${id}`, api: `/api/eproto/murals/${id}` };
}

/** Links of a task. */
export function taskLinks(id: number): PlanningLinks {
  return { web: `/eproto/protocols/${id}`, api: `/api/eproto/protocols/${id}` };
}

function rangeDays(start: string, end: string): number {
  return Math.round(
    (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000,
  );
}

/** `start`..`end` (inclusive) query with order and length checks. */
const dateRange = z
  .object({ start: plainDate, end: plainDate })
  .refine((v) => v.end >= v.start, {
    message: 'A data final deve ser igual ou posterior à inicial.',
    path: ['end'],
  })
  .refine((v) => rangeDays(v.start, v.end) <= MAX_PLANNING_RANGE_DAYS, {
    message: `Período de no máximo ${MAX_PLANNING_RANGE_DAYS} dias.`,
    path: ['end'],
  });

// ---------------------------------------------------------------- Gantt

/** A task bar: planned dates (the bar), real dates (shown inside), critical-path flag. */
export const ganttTaskSchema = z.object({
  id: z.number().int(),
  mural_id: z.number().int(),
  mural_titulo: z.string(),
  titulo: z.string(),
  stage,
  prioridade,
  responsavel_id: z.number().int().nullable(),
  responsavel_nome: z.string().nullable(),
  responsavel_avatar: z.string().nullable(),
  /** Bar start and end (inclusive); a task with one planned date is a one-day bar. */
  start: z.string(),
  end: z.string(),
  inicio_previsto: z.string().nullable(),
  fim_previsto: z.string().nullable(),
  inicio_real: z.string().nullable(),
  fim_real: z.string().nullable(),
  /** Not concluded and fim_previsto before today (company time zone). */
  atrasada: z.boolean(),
  /** On a longest chain of its demand (scheduling.ts `criticalPath`). */
  critical: z.boolean(),
  /** The caller may move or resize the bar (PATCH /api/eproto/protocols/{id}). */
  editable: z.boolean(),
  links: planningLinksSchema,
  /**
   * Its demand's updated_at (the bar shows its title): a kanban move's event is applied when
   * its `from` is this version, ignored when this is newer, else the view asks its changes.
   */
  mural_version: z.string(),
});
export type GanttTask = z.infer<typeof ganttTaskSchema>;

/** A finish-to-start arrow from `predecessor_id` to `protocol_id` (the successor). */
export const ganttLinkSchema = z.object({
  id: z.number().int(),
  predecessor_id: z.number().int(),
  protocol_id: z.number().int(),
  lag_days: z.number().int(),
  critical: z.boolean(),
});
export type GanttLink = z.infer<typeof ganttLinkSchema>;

/** GET /api/eproto/gantt/murals/{id}: every dated task of the demand and its dependencies. */
export const ganttMuralResponse = z.object({
  mural: z.object({
    id: z.number().int(),
    titulo: z.string(),
    stage,
    inicio_previsto: z.string().nullable(),
    fim_previsto: z.string().nullable(),
    inicio_real: z.string().nullable(),
    fim_real: z.string().nullable(),
    links: planningLinksSchema,
    /** Its updated_at: a kanban move's `from` is checked against it (see GanttTask). */
    version: z.string(),
  }),
  tasks: z.array(ganttTaskSchema),
  links: z.array(ganttLinkSchema),
  /** Tasks left out because they have no planned date. */
  sem_datas: z.number().int(),
  /** Length of the critical path in days (durations plus lags). */
  critical_days: z.number().int(),
});
export type GanttMuralResponse = z.infer<typeof ganttMuralResponse>;

/**
 * GET /api/eproto/gantt/murals/{id}/changes?updated_since=… — what changed in a demand's open
 * Gantt since a moment (a 'protocol.changed' or 'mural.changed' version), 404 out of scope as
 * GET /gantt/murals/{id}: `tasks`, the dated tasks changed since (all of them when the demand
 * changed: they show its title), as the full read has them; `ids`, every dated task now, in
 * the chart's order; `critical`, the ids of the tasks on the critical path now (a move changes
 * its siblings' flags); `mural`, `links`, `sem_datas` and `critical_days` whole (small);
 * `cursor`. The tab keeps its other tasks, their `critical` set from `critical`.
 */
export const ganttMuralChangesQuery = z.object({ updated_since: updatedSince });
export type GanttMuralChangesQuery = z.input<typeof ganttMuralChangesQuery>;
export const ganttMuralChangesResponse = ganttMuralResponse.extend({
  ids: z.array(z.number().int()),
  critical: z.array(z.number().int()),
  cursor: z.string(),
});
export type GanttMuralChanges = z.infer<typeof ganttMuralChangesResponse>;

/**
 * GET /api/eproto/gantt/team: tasks whose planned dates touch `start`..`end`, of the team of
 * `coordenador_id` (see /team/members) or, without it, of everyone the caller sees.
 */
export const ganttTeamQuery = dateRange.and(z.object({ coordenador_id: positiveId.optional() }));
export type GanttTeamQuery = z.input<typeof ganttTeamQuery>;

export const ganttTeamResponse = z.object({
  start: z.string(),
  end: z.string(),
  tasks: z.array(ganttTaskSchema),
  /** Dependencies between the returned tasks. */
  links: z.array(ganttLinkSchema),
  /** Tasks of the same people in scope but without any planned date. */
  sem_datas: z.number().int(),
});
export type GanttTeamResponse = z.infer<typeof ganttTeamResponse>;

/**
 * GET /api/eproto/gantt/team/changes?start&end[&coordenador_id]&updated_since=… — what changed
 * in an open team Gantt since a moment (a 'protocol.changed' or 'mural.changed' version), scope
 * as GET /gantt/team. A demand is touched when it or any of its tasks changed since (a task's
 * move can change its siblings' critical flags): `murals`, the touched demands in the range;
 * `tasks`, their tasks in the range, as the full read has them; `ids`, every task in the range
 * now, in the timeline's order; `links`, the arrows between tasks in the range with an end in a
 * touched demand; `sem_datas`; `cursor`. The tab keeps its other tasks and arrows.
 */
export const ganttTeamChangesQuery = ganttTeamQuery.and(z.object({ updated_since: updatedSince }));
export type GanttTeamChangesQuery = z.input<typeof ganttTeamChangesQuery>;
export const ganttTeamChangesResponse = z.object({
  murals: z.array(z.number().int()),
  tasks: z.array(ganttTaskSchema),
  ids: z.array(z.number().int()),
  links: z.array(ganttLinkSchema),
  sem_datas: z.number().int(),
  cursor: z.string(),
});
export type GanttTeamChanges = z.infer<typeof ganttTeamChangesResponse>;

// ---------------------------------------------------------------- Team

/**
 * GET /api/eproto/team/members. The team of a coordenador is the coordenador and every active
 * person who shares a contract (user-contracts) or a board (participants) with them; without
 * `coordenador_id` a coordenador gets their own team and everyone else the people they share a
 * contract or board with (all active people for diretoria, ti and administrador).
 */
export const teamMembersQuery = z.object({ coordenador_id: positiveId.optional() });
export type TeamMembersQuery = z.input<typeof teamMembersQuery>;

export const teamMemberSchema = userRefSchema.extend({
  /** Tasks assigned to them that are not concluded (only tasks the caller sees). */
  tarefas_abertas: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMembersResponse = z.array(teamMemberSchema);

/** GET /api/eproto/team/coordenadores: coordenadores whose team the caller may look at. */
export const teamCoordenadoresResponse = z.array(userRefSchema);

// ---------------------------------------------------------------- Calendar

export const CALENDAR_ITEM_TYPES = ['mural', 'task'] as const;
export type CalendarItemType = (typeof CALENDAR_ITEM_TYPES)[number];

/** GET /api/eproto/calendar?start&end[&type]: visible demands and tasks touching the range. */
/**
 * GET /api/eproto/calendar: `start`..`end` (both or neither; neither = the current month with a
 * week on each side, see defaultCalendarRange) and an optional `type`.
 */
export const calendarQuery = z
  .object({
    start: plainDate.optional(),
    end: plainDate.optional(),
    type: z.enum(CALENDAR_ITEM_TYPES, { error: 'Tipo inválido: use mural ou task.' }).optional(),
  })
  .refine((v) => (v.start === undefined) === (v.end === undefined), {
    message: 'Informe o início e o fim do período juntos.',
    path: ['end'],
  })
  .refine((v) => !v.start || !v.end || v.end >= v.start, {
    message: 'A data final deve ser igual ou posterior à inicial.',
    path: ['end'],
  })
  .refine((v) => !v.start || !v.end || rangeDays(v.start, v.end) <= MAX_PLANNING_RANGE_DAYS, {
    message: `Período de no máximo ${MAX_PLANNING_RANGE_DAYS} dias.`,
    path: ['end'],
  });
export type CalendarQuery = z.input<typeof calendarQuery>;

/** The calendar's range when none is asked for: today's month with a week before and after. */
export function defaultCalendarRange(today: string): { start: string; end: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = `${today.slice(0, 7)}-01`;
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { start: addDaysTo(first, -7), end: addDaysTo(last, 7) };
}

/** GET /api/eproto/murals/{id}/calendar: the demand and its tasks (range optional). */
export const muralCalendarQuery = z
  .object({ start: plainDate.optional(), end: plainDate.optional() })
  .refine((v) => !v.start || !v.end || v.end >= v.start, {
    message: 'A data final deve ser igual ou posterior à inicial.',
    path: ['end'],
  });
export type MuralCalendarQuery = z.input<typeof muralCalendarQuery>;

/** One calendar entry; `start`..`end` inclusive (planned dates, one-day when only one is set). */
export const calendarItemSchema = z.object({
  type: z.enum(CALENDAR_ITEM_TYPES),
  id: z.number().int(),
  title: z.string(),
  stage,
  prioridade,
  start: z.string(),
  end: z.string(),
  mural_id: z.number().int(),
  mural_titulo: z.string(),
  responsavel_id: z.number().int().nullable(),
  responsavel_nome: z.string().nullable(),
  atrasada: z.boolean(),
  /** The caller may drag it to other dates. */
  editable: z.boolean(),
  links: planningLinksSchema,
  /**
   * The updated_at of its demand or task: a demand's kanban move is applied to its entry when
   * the move's `from` is this version, ignored when this is newer, else the calendar asks its
   * changes.
   */
  version: z.string(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;
export const calendarResponse = z.array(calendarItemSchema);

/** The calendar's order: by start, then demands before tasks, then id (server and patches). */
export function calendarOrder(a: CalendarItem, b: CalendarItem): number {
  return a.start.localeCompare(b.start) || a.type.localeCompare(b.type) || a.id - b.id;
}

/**
 * GET /api/eproto/calendar/changes?start&end[&type]&updated_since=… — what changed in an open
 * calendar since a moment (a 'mural.changed' or 'protocol.changed' version), scope as GET
 * /calendar: `items`, the entries in the range whose demand or task changed since (a task's
 * entry also when its demand did: it shows the demand's title); `murals` and `tasks`, the ids
 * of every entry of each kind in the range now; `cursor`. The tab keeps its other entries and
 * puts them in `calendarOrder`.
 */
export const calendarChangesQuery = calendarQuery.and(z.object({ updated_since: updatedSince }));
export type CalendarChangesQuery = z.input<typeof calendarChangesQuery>;
export const calendarChangesResponse = z.object({
  items: calendarResponse,
  murals: z.array(z.number().int()),
  tasks: z.array(z.number().int()),
  cursor: z.string(),
});
export type CalendarChanges = z.infer<typeof calendarChangesResponse>;

/**
 * GET /api/eproto/murals/{id}/calendar/changes?[start&end&]updated_since=… — what changed in a
 * demand's open Calendário tab since a moment, 404 out of scope as GET /murals/{id}/calendar;
 * the answer of GET /calendar/changes for the demand and its dated tasks.
 */
export const muralCalendarChangesQuery = muralCalendarQuery.and(
  z.object({ updated_since: updatedSince }),
);
export type MuralCalendarChangesQuery = z.input<typeof muralCalendarChangesQuery>;

// ---------------------------------------------------------------- Feed

export const FEED_SOURCES = ['mural', 'task'] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];

const FEED_CURSOR_RE = /^\d{4}-\d{2}-\d{2}T[\d:.]{1,20}Z~(mural|task)~\d{1,10}$/;

/** Opaque position in the feed: "<created_at ISO>~<source>~<id>" of the last item seen. */
export function feedCursor(createdAt: string, source: FeedSource, id: number): string {
  return `${createdAt}~${source}~${id}`;
}

/** Reads a feed cursor back; null when malformed. */
export function parseFeedCursor(
  cursor: string,
): { createdAt: string; source: FeedSource; id: number } | null {
  if (!FEED_CURSOR_RE.test(cursor)) return null;
  const [createdAt, source, id] = cursor.split('~') as [string, FeedSource, string];
  if (Number.isNaN(Date.parse(createdAt)) || !isDateOnly(createdAt.slice(0, 10))) return null;
  if (Number(id) > INT4_MAX) return null;
  return { createdAt, source, id: Number(id) };
}

/**
 * GET /api/eproto/feed: history events the caller may see, newest first. Pages follow
 * `next_cursor` (keyset pagination, so new events never shift or repeat items while scrolling).
 */
export const feedQuery = z
  .object({
    perPage: pageSize(100, 30),
    cursor: z
      .string()
      .max(80, 'Cursor inválido.')
      .refine((v) => parseFeedCursor(v) !== null, 'Cursor inválido.')
      .optional(),
    mural_id: positiveId.optional(),
    /**
     * The events that came since (the first page's `cursor`), newest first: an open feed
     * prepends them. More than `perPage` of them answer `next_cursor` (read the feed again).
     */
    updated_since: updatedSince.optional(),
  })
  .refine((q) => !(q.cursor && q.updated_since), {
    message: 'Use "cursor" ou "updated_since", não os dois.',
    path: ['updated_since'],
  });
export type FeedQuery = z.input<typeof feedQuery>;

/** What a history event says in the feed, e.g. "Etapa alterada: Em andamento". */
export function feedLabel(
  source: FeedSource,
  action: string,
  after: Record<string, unknown> | null,
): string {
  const base = source === 'mural' ? muralHistoryLabel(action) : protocolHistoryLabel(action);
  const stage = after?.stage;
  if (action === 'etapa_alterada' && typeof stage === 'string' && stage in STAGE_LABELS) {
    return `${base}: ${STAGE_LABELS[stage as Stage]}`;
  }
  return base;
}

export const feedItemSchema = z.object({
  /** Unique in the feed: "<source>-<history id>". */
  key: z.string(),
  source: z.enum(FEED_SOURCES),
  history_id: z.number().int(),
  /** History action as written by the server (criada, etapa_alterada, tarefa_alterada...). */
  action: z.string(),
  /** What happened, in Portuguese ("Etapa alterada para Em andamento"). */
  label: z.string(),
  texto: z.string().nullable(),
  author: z
    .object({ id: z.number().int(), nome: z.string(), avatar: z.string().nullable() })
    .nullable(),
  mural_id: z.number().int(),
  mural_titulo: z.string(),
  protocol_id: z.number().int().nullable(),
  protocol_titulo: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  links: planningLinksSchema,
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedResponse = z.object({
  items: z.array(feedItemSchema),
  next_cursor: z.string().nullable(),
  /** First page and deltas: send it as `updated_since` to ask what came after this read. */
  cursor: z.string().optional(),
});
export type FeedResponse = z.infer<typeof feedResponse>;
