import { z } from 'zod';
import { pageSize, plainDate, positiveId } from './common.ts';
import { ADMIN_MAX_PAGE_SIZE } from './admin-users.ts';
import { describeWrite } from './activity-labels.ts';

/** Actions written by the sign-in flows (everything else is "METHOD /api/route"). */
export const AUTH_ACTION_LABELS: Record<string, string> = {
  login: 'Login',
  login_failed: 'Falha de login',
  logout: 'Logout',
  password_reset_requested: 'Pedido de redefinição de senha',
  password_reset: 'Senha redefinida',
  invite_accepted: 'Convite aceito',
  // SST (issue 20): health data read (LGPD art. 11) and a gate overridden by a gerente/diretoria.
  sst_aso_view: 'Consultou ASO (dado de saúde) de uma pessoa',
  sst_override: 'Liberou agendamento sem requisito de SST',
  sst_os_override: 'Liberou OS sem requisito de SST',
};

/** Filters of the activity page: one auth action, or a family of write actions. */
export const ACTIVITY_FILTERS = [
  { value: 'login', label: 'Logins' },
  { value: 'login_failed', label: 'Falhas de login' },
  { value: 'logout', label: 'Logouts' },
  { value: 'password', label: 'Senhas (pedidos e redefinições)' },
  { value: 'invite_accepted', label: 'Convites aceitos' },
  { value: 'write', label: 'Todas as alterações' },
  { value: 'create', label: 'Criações' },
  { value: 'update', label: 'Edições' },
  { value: 'delete', label: 'Exclusões' },
] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number]['value'];
const FILTER_VALUES = ACTIVITY_FILTERS.map((f) => f.value) as [ActivityFilter, ...ActivityFilter[]];

/**
 * Readable Portuguese text of a logged action: "Login", "Mudou o status da solicitação #12
 * (Material)", "Desativou o usuário Gisele Prado" (the name when the server knows it).
 */
export function describeActivity(
  action: string,
  _objectType?: string | null,
  objectName?: string | null,
): string {
  return AUTH_ACTION_LABELS[action] ?? describeWrite(action, objectName) ?? action;
}

/** Entries per page of the activity log. */
export const ACTIVITY_PAGE_SIZE = 50;

const activityFilterFields = {
  userId: positiveId.optional(),
  action: z.enum(FILTER_VALUES).optional(),
  from: plainDate.optional(),
  to: plainDate.optional(),
};

/**
 * GET /api/activity?before=<entry id>&limit=: newest first, keyset pages in (created_at, id)
 * order. `before` is the id of the last entry shown (the previous page's `nextBefore`); the next
 * page holds the entries older than it, so rows logged meanwhile neither shift nor repeat a
 * page, and a page costs the same however long the log is (no OFFSET, no total count).
 */
export const activityQuery = z.object({
  ...activityFilterFields,
  before: positiveId.optional(),
  limit: pageSize(ADMIN_MAX_PAGE_SIZE, ACTIVITY_PAGE_SIZE),
});
export type ActivityQuery = Partial<z.infer<typeof activityQuery>>;
/** The filters of the log (what the page and the export share). */
export type ActivityFilterQuery = Omit<ActivityQuery, 'before' | 'limit'>;

export const activityExportQuery = z.object({
  ...activityFilterFields,
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

/** Most rows one export holds. */
export const ACTIVITY_EXPORT_LIMIT = 50_000;

export const activityEntry = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  userId: z.number().int().nullable(),
  userNome: z.string().nullable(),
  email: z.string().nullable(),
  action: z.string(),
  label: z.string(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  /** The object's name when it still exists (person, demand title, "#12 (Material)"). */
  objectName: z.string().nullable(),
  ip: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityListResponse = z.object({
  items: z.array(activityEntry),
  /** `before` of the next page; null when this page is the last. */
  nextBefore: z.number().int().nullable(),
});
export type ActivityList = z.infer<typeof activityListResponse>;
