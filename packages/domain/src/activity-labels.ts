/**
 * Readable Portuguese sentences for the activity log ("Mudou o status da solicitação #12
 * (Material)", "Desativou o usuário Gisele Prado") from the logged action "METHOD /api/route".
 */

interface Noun {
  /** The noun as written after an article ("solicitação", "veículo"). */
  word: string;
  feminine: boolean;
}

const f = (word: string): Noun => ({ word, feminine: true });
const m = (word: string): Noun => ({ word, feminine: false });

/** Objects by the resource path of the API (first segments after /api, /api/eproto, /api/tatico). */
const NOUNS: Record<string, Noun> = {
  murals: f('demanda'),
  protocols: f('tarefa'),
  tasks: f('tarefa'),
  boards: m('quadro'),
  users: m('usuário'),
  'user-contracts': m('vínculo de contrato'),
  invites: m('convite'),
  support: m('chamado'),
  profile: m('perfil'),
  contracts: m('contrato'),
  chat: m('chat'),
  'contract-chat': m('chat do contrato'),
  notifications: m('aviso'),
  reviews: f('revisão'),
  financeiro: f('demanda'),
  recurrence: f('recorrência'),
  agenda: m('agendamento'),
  'frota/veiculos': m('veículo'),
  'inventario/itens': m('item do inventário'),
  'epi/itens': m('item de EPI'),
  'epi/entregas': f('entrega de EPI'),
  'sst/treinamentos': m('treinamento do catálogo de SST'),
  'sst/registros': m('treinamento de SST'),
  'sst/asos': m('ASO'),
  'sst/pessoas': m('cadastro de SST da pessoa'),
  'sst/tipos-atividade': m('tipo de atividade'),
  solicitacoes: f('solicitação'),
  ai: f('conversa do assistente'),
};

type Form = 'o' | 'de' | 'em';
const ARTICLES: Record<Form, [masculine: string, feminine: string]> = {
  o: ['o', 'a'],
  de: ['do', 'da'],
  em: ['no', 'na'],
};

/** What the last segment of a sub-path does, per method; {x} is the object with its article. */
const PARTS: Record<string, Partial<Record<string, string>>> = {
  messages: { POST: 'Escreveu mensagem {em}' },
  comments: { POST: 'Comentou {em}' },
  attachments: { POST: 'Anexou arquivo {em}', DELETE: 'Excluiu anexo {de}' },
  upload: { POST: 'Anexou arquivo {em}' },
  anexos: { POST: 'Anexou arquivo {em}' },
  participants: { POST: 'Adicionou participante {em}', DELETE: 'Removeu participante {de}' },
  dependencies: { POST: 'Adicionou dependência {em}', DELETE: 'Removeu dependência {de}' },
  kanban: { PATCH: 'Mudou a etapa {de}' },
  status: { POST: 'Mudou o status {de}', PATCH: 'Mudou o status {de}' },
  history: { POST: 'Registrou histórico {em}' },
  tasks: { PATCH: 'Editou tarefa {de}' },
  read: { PATCH: 'Leu {o}', POST: 'Leu {o}' },
  visualizado: { PATCH: 'Abriu {o}' },
  view: { POST: 'Abriu {o} no financeiro' },
  send: { POST: 'Enviou {o} ao financeiro' },
  done: { POST: 'Concluiu {o} no financeiro' },
  approve: { PATCH: 'Aprovou {o}' },
  reject: { PATCH: 'Reprovou {o}' },
  conclude: { PATCH: 'Encerrou {o}' },
  'conclude-and-advance': { POST: 'Concluiu e avançou {o}' },
  deactivate: { POST: 'Desativou {o}' },
  reactivate: { POST: 'Reativou {o}' },
  'password-reset': { POST: 'Enviou redefinição de senha para {o}' },
  resend: { POST: 'Reenviou {o}' },
  action: { POST: 'Confirmou uma ação {em}' },
  manutencoes: { POST: 'Registrou manutenção {em}' },
  iniciar: { POST: 'Iniciou manutenção {em}' },
  concluir: { POST: 'Concluiu manutenção {em}' },
  abastecimentos: { POST: 'Registrou abastecimento {em}' },
  checkout: { POST: 'Retirou {o}' },
  checkin: { POST: 'Devolveu {o}' },
  'km-corrections': { POST: 'Corrigiu a quilometragem {de}' },
  movimentacoes: { POST: 'Registrou movimentação {de}' },
  entradas: { POST: 'Registrou entrada de estoque {de}' },
  assinatura: { POST: 'Registrou a assinatura {de}' },
  confirmar: { POST: 'Confirmou o recebimento {de}' },
  devolucao: { POST: 'Registrou a devolução {de}' },
  substituicao: { POST: 'Pediu a substituição {de}' },
  conflitos: { POST: 'Verificou conflitos {de}' },
  certificado: { POST: 'Anexou o certificado {de}' },
  cnh: { PUT: 'Registrou a CNH {em}' },
  periodicidade: { PUT: 'Mudou a periodicidade do ASO {em}' },
};

/** Whole routes whose sentence is not "verb + object". */
const ROUTES: Record<string, string> = {
  'POST /api/invites': 'Enviou {o}',
  'DELETE /api/invites/:id': 'Revogou {o}',
  'PATCH /api/profile': 'Editou o próprio perfil',
  'POST /api/profile/avatar': 'Trocou a foto do perfil',
  'DELETE /api/profile/avatar': 'Removeu a foto do perfil',
  'POST /api/profile/password': 'Trocou a própria senha',
  'POST /api/support/tickets': 'Abriu {o}',
  'POST /api/solicitacoes': 'Abriu {o}',
  'PATCH /api/eproto/notifications/read-all': 'Leu todos os avisos',
  'POST /api/chat/send': 'Enviou mensagem no chat',
  'POST /api/chat/upload': 'Enviou arquivo no chat',
  'POST /api/contract-chat/send': 'Enviou mensagem no chat do contrato',
  'POST /api/ai/chat': 'Perguntou ao assistente',
};

const VERBS: Record<string, string> = {
  POST: 'Criou {o}',
  PUT: 'Editou {o}',
  PATCH: 'Editou {o}',
  DELETE: 'Excluiu {o}',
};

/** Resource path of a route and the sub-path after its id: ["solicitacoes", "status"]. */
function split(route: string): { resource: string; part: string | null } {
  const segs = route
    .replace(/^\/api\/(eproto\/|tatico\/)?/, '')
    .split('/')
    .filter(Boolean);
  const two = `${segs[0] ?? ''}/${segs[1] ?? ''}`;
  const resource = NOUNS[two] ? two : (segs[0] ?? '');
  const rest = segs.slice(resource.split('/').length).filter((s) => !s.startsWith(':'));
  return { resource, part: rest.length ? rest[rest.length - 1]! : null };
}

/** The resource a write action touched ("solicitacoes", "frota/veiculos"), null for others. */
export function activityResource(action: string): string | null {
  const [method = '', route = ''] = action.split(' ');
  if (!VERBS[method] || !route.startsWith('/api/')) return null;
  return split(route.replace(/\/$/, '')).resource || null;
}

/** The object of a sentence with its article: "a solicitação #12 (Material)", "do usuário Gil". */
function objectRef(noun: Noun | undefined, fallback: string, form: Form, name?: string | null) {
  const word = noun?.word ?? fallback;
  const article = ARTICLES[form][noun?.feminine ? 1 : 0];
  return `${article} ${word}${name ? ` ${name}` : ''}`;
}

/**
 * A write action ("POST /api/solicitacoes/:id/status") as a sentence, naming the object when
 * its name is known ("Mudou o status da solicitação #12 (Material)"); null for other actions.
 */
export function describeWrite(action: string, objectName?: string | null): string | null {
  const [method = '', route = ''] = action.split(' ');
  if (!VERBS[method] || !route.startsWith('/api/')) return null;
  const clean = route.replace(/\/$/, '');
  const { resource, part } = split(clean);
  const noun = NOUNS[resource];
  const template =
    ROUTES[`${method} ${clean}`] ??
    (part ? PARTS[part]?.[method] : undefined) ??
    (part ? `${VERBS[method].replace(' {o}', '')} ${part} {em}` : VERBS[method]);
  return template.replace(/\{(o|de|em)\}/, (_, form: Form) =>
    objectRef(noun, resource || 'registro', form, objectName),
  );
}
