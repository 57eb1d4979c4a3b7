import { z } from 'zod';
import { ADMIN_MAX_PAGE_SIZE } from './admin-users.ts';

/** Actions written by the sign-in flows (everything else is "METHOD /api/route"). */
export const AUTH_ACTION_LABELS: Record<string, string> = {
  login: 'Login',
  login_failed: 'Falha de login',
  logout: 'Logout',
  password_reset_requested: 'Pedido de redefinição de senha',
  password_reset: 'Senha redefinida',
  invite_accepted: 'Convite aceito',
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

/** Names of the objects of write actions, by the first segment of their API path. */
const OBJECT_LABELS: Record<string, string> = {
  murals: 'demanda',
  protocols: 'tarefa',
  tasks: 'tarefa',
  boards: 'quadro',
  users: 'usuário',
  'user-contracts': 'vínculo de contrato',
  invites: 'convite',
  support: 'chamado',
  profile: 'perfil',
  contracts: 'contrato',
  chat: 'chat',
  'contract-chat': 'chat do contrato',
  notifications: 'aviso',
  reviews: 'revisão',
  financeiro: 'financeiro',
  recurrence: 'recorrência',
  agenda: 'agenda',
  frota: 'frota',
  epi: 'EPI',
  solicitacoes: 'solicitação',
  ai: 'assistente',
};

/** Labels of specific write routes, where the generic verb would say too little. */
const ROUTE_LABELS: Record<string, string> = {
  'POST /api/invites': 'Enviou convite',
  'POST /api/invites/:id/resend': 'Reenviou convite',
  'DELETE /api/invites/:id': 'Revogou convite',
  'PATCH /api/users/:id': 'Editou usuário',
  'POST /api/users/:id/deactivate': 'Desativou usuário',
  'POST /api/users/:id/reactivate': 'Reativou usuário',
  'POST /api/users/:id/password-reset': 'Enviou redefinição de senha',
  'PATCH /api/profile': 'Editou o próprio perfil',
  'POST /api/profile/avatar': 'Trocou a foto do perfil',
  'DELETE /api/profile/avatar': 'Removeu a foto do perfil',
  'POST /api/profile/password': 'Trocou a própria senha',
  'POST /api/support/tickets': 'Abriu chamado',
  'POST /api/support/tickets/:id/comments': 'Comentou em chamado',
  'POST /api/support/tickets/:id/attachments': 'Anexou arquivo em chamado',
  'PATCH /api/support/tickets/:id/status': 'Mudou status de chamado',
  'PATCH /api/eproto/notifications/:id/read': 'Leu aviso',
  'PATCH /api/eproto/notifications/read-all': 'Leu todos os avisos',
};

/** Names of parts of an object reached by a sub-path (".../:id/messages"). */
const PART_LABELS: Record<string, string> = {
  messages: 'mensagem',
  attachments: 'anexo',
  upload: 'anexo',
  participants: 'participante',
  dependencies: 'dependência',
  history: 'histórico',
  kanban: 'etapa',
  tasks: 'tarefa',
  comments: 'comentário',
  status: 'status',
  read: 'leitura',
  visualizado: 'leitura',
  send: 'envio',
  approve: 'aprovação',
  reject: 'reprovação',
  done: 'conclusão',
  conclude: 'conclusão',
};

const VERBS: Record<string, string> = {
  POST: 'Criou',
  PUT: 'Alterou',
  PATCH: 'Alterou',
  DELETE: 'Excluiu',
};

/** Readable Portuguese text of a logged action ("Login", "Alterou etapa em demanda", ...). */
export function describeActivity(action: string, objectType?: string | null): string {
  const fixed = AUTH_ACTION_LABELS[action] ?? ROUTE_LABELS[action];
  if (fixed) return fixed;
  const [method = '', route = ''] = action.split(' ');
  const verb = VERBS[method];
  if (!verb) return action;
  const object = (objectType && OBJECT_LABELS[objectType]) ?? objectType ?? 'registro';
  const segments = route
    .replace(/^\/api\/(eproto\/)?/, '')
    .split('/')
    .filter((seg) => seg && !seg.startsWith(':'));
  const part = segments.length > 1 ? segments[segments.length - 1]! : null;
  if (!part) return `${verb} ${object}`;
  return `${verb} ${PART_LABELS[part] ?? part} em ${object}`;
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use uma data no formato AAAA-MM-DD.');

export const activityQuery = z.object({
  userId: z.coerce.number().int().positive().optional(),
  action: z.enum(FILTER_VALUES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(50),
});
export type ActivityQuery = Partial<z.infer<typeof activityQuery>>;

export const activityExportQuery = activityQuery
  .omit({ page: true, perPage: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

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
  ip: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityListResponse = z.object({
  items: z.array(activityEntry),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type ActivityList = z.infer<typeof activityListResponse>;
