import { z } from 'zod';
import {
  DATE_TIME_META,
  intInRange,
  isIsoInstant,
  pageNumber,
  pageSize,
  positiveId,
} from './common.ts';
import { syncedListFields, updatedSince } from './sync.ts';
import { cpfField } from './company.ts';
import { signatureImageField } from './epi.ts';
import {
  fieldDate,
  fieldId,
  fieldOptionalText,
  fieldQuantity,
  fieldText,
  hasNul,
  personRef,
} from './field-common.ts';
import {
  OS_ACTIONS,
  OS_CODE_RE,
  OS_ITEM_TYPES,
  OS_LONG_TEXT_MAX,
  OS_PHOTO_TAGS,
  OS_STATUSES,
  OS_YES_NO,
} from './service-orders-rules.ts';
import { signaturePlace, signatureStrokes } from './signature.ts';
import { osSstOverrideField } from './sst-os.ts';

export * from './service-orders-rules.ts';

// The API contract of service orders (OS): /api/tatico/os (see docs/api/service-orders.md)
// and the public verification /api/public/os/verificar/:codigo.

// ---------------------------------------------------------------- shared fields

const instant = (label: string) =>
  z
    .string({ error: `Informe ${label}.` })
    .max(40, `Informe ${label} válido (data e hora).`)
    .refine(isIsoInstant, `Informe ${label} válido (data e hora).`)
    .meta(DATE_TIME_META);

const optionalInstant = (label: string) =>
  instant(label)
    .nullish()
    .transform((v) => v ?? null);

const optionalRef = (label: string) =>
  fieldId(label)
    .nullish()
    .transform((v) => v ?? null);

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label} inválida.` })
    .min(-limit, `${label} inválida.`)
    .max(limit, `${label} inválida.`)
    .nullish()
    .transform((v) => v ?? null);

/**
 * Position of a step (browser Geolocation): latitude, longitude and accuracy in metres. All
 * null when the phone did not give it ("posição não informada"), which is allowed.
 */
export const osPositionFields = {
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  precisao_m: z
    .number({ error: 'Precisão inválida.' })
    .min(0, 'Precisão inválida.')
    .max(100_000, 'Precisão inválida.')
    .nullish()
    .transform((v) => v ?? null),
};

/**
 * Time the step happened on the phone (ISO with zone), for steps queued offline; the server
 * keeps it beside its own time. Optional on every OS write.
 */
export const deviceTimeField = optionalInstant('o horário do aparelho');

const bothCoordinates: [
  (b: { latitude: number | null; longitude: number | null }) => boolean,
  { message: string; path: string[] },
] = [
  (b) => (b.latitude === null) === (b.longitude === null),
  { message: 'Informe latitude e longitude juntas.', path: ['latitude'] },
];

export const osCodeField = z
  .string({ error: 'Código de OS inválido.' })
  .max(20, 'Código de OS inválido.')
  .transform((v) => v.trim().toUpperCase())
  .refine((v) => OS_CODE_RE.test(v), 'Código de OS inválido (ex.: OS-2026-000123).');

export const osCodeParams = z.object({ codigo: osCodeField });

/**
 * The public verification page's code (printed in the sealed report and in its QR): random, so
 * the sequential OS number alone does not let anyone check any OS.
 */
export const osVerifyParams = z.object({
  codigo: z
    .string()
    .max(36, 'Código de verificação inválido.')
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.uuid('Código de verificação inválido.')),
});

export const osIdParams = z.object({ id: positiveId });
export const osSubParams = z.object({ id: positiveId, subId: positiveId });

const statusField = z.enum(OS_STATUSES, { error: 'Situação de OS inválida.' });
const contractRef = z.object({ id: z.number().int(), codigo: z.string(), nome: z.string() });
const positionSchema = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  precisao_m: z.number().nullable(),
});

// ---------------------------------------------------------------- service types (templates)

const numberBound = (label: string) =>
  z
    .number({ error: `${label} inválido.` })
    .min(-1_000_000_000, `${label} inválido.`)
    .max(1_000_000_000, `${label} inválido.`)
    .nullish()
    .transform((v) => v ?? null);

/** One checklist item of a template as sent by the editor. */
export const osTemplateItemBody = z
  .object({
    titulo: fieldText('o título do item', 200, 2),
    tipo: z.enum(OS_ITEM_TYPES, { error: 'Tipo de item inválido.' }),
    obrigatorio: z.boolean({ error: 'Informe se o item é obrigatório.' }).default(false),
    ajuda: fieldOptionalText('o texto de ajuda', 500),
    /** numero: unit shown beside the value ("°C", "V", "bar"). */
    unidade: fieldOptionalText('a unidade', 20),
    /** numero: allowed range (either end optional). */
    minimo: numberBound('Mínimo'),
    maximo: numberBound('Máximo'),
    /** escolha_unica / escolha_multipla: the options, in order. */
    opcoes: z
      .array(fieldText('a opção', 100), { error: 'Opções inválidas.' })
      .max(30, 'No máximo 30 opções por item.')
      .default([]),
    /** foto: least number of photos (default 1). */
    fotos_minimas: intInRange(1, 20, 'Mínimo de fotos entre 1 e 20.')
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((i) => i.minimo === null || i.maximo === null || i.minimo <= i.maximo, {
    message: 'O mínimo deve ser menor ou igual ao máximo.',
    path: ['maximo'],
  })
  .refine(
    (i) => (i.tipo !== 'escolha_unica' && i.tipo !== 'escolha_multipla') || i.opcoes.length >= 2,
    { message: 'Informe pelo menos 2 opções.', path: ['opcoes'] },
  )
  .refine((i) => new Set(i.opcoes.map((o) => o.toLowerCase())).size === i.opcoes.length, {
    message: 'Opções repetidas.',
    path: ['opcoes'],
  });
export type OsTemplateItemBody = z.input<typeof osTemplateItemBody>;

/** POST /tipos and PUT /tipos/:id: saving new items creates a new template version. */
export const serviceTypeBody = z.object({
  nome: fieldText('o nome do tipo de serviço', 120, 3),
  descricao: fieldOptionalText('a descrição', 1000),
  ativo: z.boolean({ error: 'Situação inválida.' }).default(true),
  /** At conclusion, the report link goes to the OS's customer e-mail (opt-out per type). */
  enviar_relatorio_cliente: z
    .boolean({ error: 'Informe se o relatório vai ao cliente.' })
    .default(true),
  itens: z
    .array(osTemplateItemBody, { error: 'Informe os itens do checklist.' })
    .min(1, 'Informe pelo menos um item no checklist.')
    .max(100, 'No máximo 100 itens por checklist.'),
});
export type ServiceTypeBody = z.input<typeof serviceTypeBody>;

export const osTemplateItemSchema = z.object({
  id: z.number().int(),
  ordem: z.number().int(),
  titulo: z.string(),
  tipo: z.enum(OS_ITEM_TYPES),
  obrigatorio: z.boolean(),
  ajuda: z.string().nullable(),
  unidade: z.string().nullable(),
  minimo: z.number().nullable(),
  maximo: z.number().nullable(),
  opcoes: z.array(z.string()),
  fotos_minimas: z.number().int().nullable(),
});
export type OsTemplateItem = z.infer<typeof osTemplateItemSchema>;

export const serviceTypeSummarySchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  ativo: z.boolean(),
  enviar_relatorio_cliente: z.boolean(),
  versao: z.number().int(),
  itens_total: z.number().int(),
  updated_at: z.string(),
});
export type ServiceTypeSummary = z.infer<typeof serviceTypeSummarySchema>;

export const serviceTypeSchema = serviceTypeSummarySchema.extend({
  version_id: z.number().int(),
  itens: z.array(osTemplateItemSchema),
});
export type ServiceType = z.infer<typeof serviceTypeSchema>;

export const serviceTypeListQuery = z.object({
  ativos: z.enum(['true', 'false']).optional(),
});
export const serviceTypeListResponse = z.object({ items: z.array(serviceTypeSummarySchema) });

// ---------------------------------------------------------------- create / edit

const peopleField = z
  .array(fieldId('a pessoa'), { error: 'Informe a equipe.' })
  .min(1, 'Informe pelo menos uma pessoa na equipe.')
  .max(30, 'No máximo 30 pessoas por OS.')
  .transform((v) => [...new Set(v)]);

/** POST /api/tatico/os: an OS on its own (not from the agenda). */
export const osCreateBody = z
  .object({
    contract_id: fieldId('o contrato'),
    service_type_id: fieldId('o tipo de serviço'),
    local: fieldText('o local', 200, 2),
    latitude: coordinate('Latitude', 90),
    longitude: coordinate('Longitude', 180),
    previsto_inicio: instant('o início previsto'),
    previsto_fim: instant('o fim previsto'),
    pessoas: peopleField,
    vehicle_id: optionalRef('o veículo'),
    mural_id: optionalRef('a demanda'),
    descricao: fieldOptionalText('a descrição', 2000),
    cliente_email: z
      .email('E-mail do cliente inválido.')
      .max(200, 'E-mail do cliente inválido.')
      .nullish()
      .transform((v) => v ?? null),
    device_time: deviceTimeField,
    /** gerente/diretoria: puts the team on despite missing SST requirements (written reason). */
    liberacao_sst: osSstOverrideField,
    /** The contract's assets the OS serves (each gets its own checklist answers). */
    ativos: z
      .array(positiveId, { error: 'Lista de ativos inválida.' })
      .max(200, 'No máximo 200 ativos numa OS.')
      .default([]),
  })
  .refine((b) => Date.parse(b.previsto_fim) > Date.parse(b.previsto_inicio), {
    message: 'O fim previsto deve ser depois do início.',
    path: ['previsto_fim'],
  })
  .refine(...bothCoordinates);
export type OsCreateBody = z.input<typeof osCreateBody>;

/** POST /api/tatico/os/da-agenda: one click from an agenda entry (copies its data). */
export const osFromAgendaBody = z.object({
  agenda_entry_id: fieldId('o agendamento'),
  service_type_id: fieldId('o tipo de serviço'),
  cliente_email: osCreateBody.shape.cliente_email,
  device_time: deviceTimeField,
  liberacao_sst: osSstOverrideField,
});
export type OsFromAgendaBody = z.input<typeof osFromAgendaBody>;

/** PATCH /:id (gestores, OS not concluded/cancelled): absent fields stay as they are. */
export const osPatchBody = z
  .object({
    local: fieldText('o local', 200, 2).optional(),
    latitude: coordinate('Latitude', 90).optional(),
    longitude: coordinate('Longitude', 180).optional(),
    previsto_inicio: instant('o início previsto').optional(),
    previsto_fim: instant('o fim previsto').optional(),
    vehicle_id: optionalRef('o veículo').optional(),
    descricao: fieldOptionalText('a descrição', 2000).optional(),
    cliente_email: osCreateBody.shape.cliente_email.optional(),
    device_time: deviceTimeField,
    liberacao_sst: osSstOverrideField,
  })
  .refine((b) => (b.latitude === undefined) === (b.longitude === undefined), {
    message: 'Informe latitude e longitude juntas.',
    path: ['latitude'],
  });
export type OsPatchBody = z.input<typeof osPatchBody>;

// ---------------------------------------------------------------- steps

/** POST /:id/etapas: a caminho, check-in, pausar, retomar, cancelar. */
export const osStepBody = z
  .object({
    acao: z.enum(OS_ACTIONS, { error: 'Ação inválida.' }),
    ...osPositionFields,
    device_time: deviceTimeField,
    /** cancelar: required. pausar: optional. */
    motivo: fieldOptionalText('o motivo', 500),
    /** check_in more than 300 m from the site: required. */
    motivo_distancia: fieldOptionalText('o motivo do check-in fora do local', 500),
  })
  .refine(...bothCoordinates);
export type OsStepBody = z.input<typeof osStepBody>;

/** PUT /:id/checklist/:itemId: only the field of the item's type; all null clears it. */
export const osAnswerBody = z.object({
  valor_sim_nao: z
    .enum(OS_YES_NO, { error: 'Resposta inválida: sim, não ou não se aplica.' })
    .nullish()
    .transform((v) => v ?? null),
  valor_numero: z
    .number({ error: 'Número inválido.' })
    .min(-1_000_000_000, 'Número inválido.')
    .max(1_000_000_000, 'Número inválido.')
    .nullish()
    .transform((v) => v ?? null),
  valor_texto: z
    .string({ error: 'Texto inválido.' })
    .max(OS_LONG_TEXT_MAX, `Resposta com no máximo ${OS_LONG_TEXT_MAX} caracteres.`)
    .refine((v) => !hasNul(v), 'Texto com caractere inválido.')
    .nullish()
    .transform((v) => (v === undefined || v === null ? null : v)),
  valor_opcoes: z
    .array(z.string().max(100, 'Opção inválida.'))
    .max(30, 'Opções demais.')
    .nullish()
    .transform((v) => v ?? null),
  valor_data: fieldDate('a data')
    .nullish()
    .transform((v) => v ?? null),
  observacao: fieldOptionalText('a observação', 1000),
  device_time: deviceTimeField,
});
export type OsAnswerBody = z.input<typeof osAnswerBody>;

export const osAnswerSchema = z.object({
  item_id: z.number().int(),
  valor_sim_nao: z.enum(OS_YES_NO).nullable(),
  valor_numero: z.number().nullable(),
  valor_texto: z.string().nullable(),
  valor_opcoes: z.array(z.string()).nullable(),
  valor_data: z.string().nullable(),
  observacao: z.string().nullable(),
  respondido_por: personRef.nullable(),
  respondido_em: z.string(),
  device_time: z.string().nullable(),
});
export type OsAnswer = z.infer<typeof osAnswerSchema>;

// ---------------------------------------------------------------- photos

/** Most photos in one upload request (more is refused with a message). */
export const OS_PHOTOS_PER_REQUEST = 10;
/** Most photos an OS keeps. */
export const OS_PHOTOS_MAX = 200;

/**
 * Metadata of one photo of a multipart upload (the `meta` field holds a JSON array, one
 * object per `file` part, in the same order).
 */
export const osPhotoMeta = z
  .object({
    tirada_em: optionalInstant('a data da foto'),
    ...osPositionFields,
    tag: z
      .enum(OS_PHOTO_TAGS, { error: 'Marcação inválida: antes ou depois.' })
      .nullish()
      .transform((v) => v ?? null),
    legenda: fieldOptionalText('a legenda', 300),
    checklist_item_id: optionalRef('o item do checklist'),
    device_time: deviceTimeField,
  })
  .refine(...bothCoordinates);
export type OsPhotoMeta = z.input<typeof osPhotoMeta>;
export const osPhotoMetaList = z
  .array(osPhotoMeta, { error: 'Metadados das fotos inválidos.' })
  .max(OS_PHOTOS_PER_REQUEST, `No máximo ${OS_PHOTOS_PER_REQUEST} fotos por envio.`);

/** PATCH /:id/fotos/:subId. */
export const osPhotoPatchBody = z
  .object({
    tag: osPhotoMeta.shape.tag.optional(),
    legenda: fieldOptionalText('a legenda', 300).optional(),
    device_time: deviceTimeField,
  })
  .refine((v) => v.tag !== undefined || v.legenda !== undefined, {
    message: 'Informe a etiqueta ou a legenda da foto.',
    path: ['legenda'],
  });

export const osPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  /**
   * A small JPEG (480 px) for grids and the report; the photo itself for older uploads. Always
   * sent by the server; a photo still waiting in the phone's outbox has none.
   */
  miniatura_url: z.string().optional(),
  mime_type: z.string(),
  tamanho: z.number().int(),
  sha256: z.string(),
  tirada_em: z.string().nullable(),
  ...positionSchema.shape,
  tag: z.enum(OS_PHOTO_TAGS).nullable(),
  legenda: z.string().nullable(),
  checklist_item_id: z.number().int().nullable(),
  enviada_por: personRef.nullable(),
  created_at: z.string(),
});
export type OsPhoto = z.infer<typeof osPhotoSchema>;
export const osPhotoListResponse = z.object({ items: z.array(osPhotoSchema) });

// ---------------------------------------------------------------- materials, km, team

/** POST /:id/materiais: a consumable leaves the stock (saída) or a tool is recorded as used. */
export const osMaterialBody = z.object({
  item_id: fieldId('o item do inventário'),
  quantidade: fieldQuantity('a quantidade', 100_000),
  observacao: fieldOptionalText('a observação', 300),
  device_time: deviceTimeField,
});
export type OsMaterialBody = z.input<typeof osMaterialBody>;

export const osMaterialSchema = z.object({
  id: z.number().int(),
  item: z.object({
    id: z.number().int(),
    codigo: z.string(),
    nome: z.string(),
    natureza: z.enum(['patrimonio', 'consumivel']),
    unidade: z.string(),
  }),
  quantidade: z.number().int(),
  /** Unit cost when it was used (kept on the OS); null without one or for equipe. */
  custo_unitario: z.number().nullable(),
  observacao: z.string().nullable(),
  movement_id: z.number().int().nullable(),
  registrado_por: personRef.nullable(),
  created_at: z.string(),
});
export type OsMaterial = z.infer<typeof osMaterialSchema>;

export const OS_KM_KINDS = ['saida', 'retorno'] as const;
export type OsKmKind = (typeof OS_KM_KINDS)[number];

/** POST /:id/km: the vehicle's km at departure (fleet check-out) or return (check-in). */
export const osKmBody = z.object({
  tipo: z.enum(OS_KM_KINDS, { error: 'Informe se é a saída ou o retorno.' }),
  km: z
    .number({ error: 'Informe a quilometragem.' })
    .int('Quilometragem: use um número inteiro de km.')
    .min(0, 'Quilometragem: não pode ser negativa.')
    .max(5_000_000, 'Quilometragem: valor grande demais.'),
  /** Return: confirms a trip longer than the fleet's warning (KM_JUMP_WARN). */
  confirmar_km_alto: z.boolean({ error: 'Confirmação inválida.' }).default(false),
  device_time: deviceTimeField,
});
export type OsKmBody = z.input<typeof osKmBody>;

/** POST /:id/equipe: adds a helper to the team. */
export const osTeamBody = z.object({
  user_id: fieldId('a pessoa'),
  device_time: deviceTimeField,
  liberacao_sst: osSstOverrideField,
});

export const osTeamMemberSchema = z.object({
  pessoa: personRef,
  entrou_em: z.string(),
  saiu_em: z.string().nullable(),
  minutos: z.number().int(),
});
export type OsTeamMember = z.infer<typeof osTeamMemberSchema>;

// ---------------------------------------------------------------- conclusion and seal

/** POST /:id/concluir: check-out with the customer's signature, or the refusal with reason. */
export const osConcludeBody = z
  .object({
    /** 'assinada': name, CPF and drawn signature. 'recusada': the reason. */
    tipo: z.enum(['assinada', 'recusada'], { error: 'Informe assinatura ou recusa do cliente.' }),
    cliente_nome: fieldOptionalText('o nome do cliente', 160),
    cliente_cpf: cpfField,
    assinatura: signatureImageField.nullish(),
    assinatura_tracos: signatureStrokes.nullish(),
    assinatura_local: signaturePlace.nullish(),
    recusa_motivo: fieldOptionalText('o motivo da recusa', 500),
    avaliacao: intInRange(1, 5, 'Avaliação de 1 a 5.')
      .nullish()
      .transform((v) => v ?? null),
    comentario: fieldOptionalText('o comentário', 1000),
    observacoes: fieldOptionalText('as observações', 4000),
    ...osPositionFields,
    device_time: deviceTimeField,
  })
  .refine((b) => b.tipo !== 'assinada' || (b.cliente_nome?.length ?? 0) >= 3, {
    message: 'Informe o nome de quem assina (pelo menos 3 letras).',
    path: ['cliente_nome'],
  })
  .refine((b) => b.tipo !== 'assinada' || b.cliente_cpf !== null, {
    message: 'Informe o CPF de quem assina.',
    path: ['cliente_cpf'],
  })
  .refine((b) => b.tipo !== 'assinada' || !!b.assinatura, {
    message: 'Falta a assinatura do cliente.',
    path: ['assinatura'],
  })
  .refine((b) => b.tipo !== 'recusada' || (b.recusa_motivo?.length ?? 0) >= 3, {
    message: 'Informe o motivo da recusa do cliente.',
    path: ['recusa_motivo'],
  })
  .refine(...bothCoordinates);
export type OsConcludeBody = z.input<typeof osConcludeBody>;

export const osSignatureSchema = z.object({
  tipo: z.enum(['assinada', 'recusada']),
  cliente_nome: z.string().nullable(),
  /** Formatted CPF (only for people who may see the OS). */
  cliente_cpf: z.string().nullable(),
  recusa_motivo: z.string().nullable(),
  avaliacao: z.number().int().nullable(),
  comentario: z.string().nullable(),
  /** URL of the drawn signature image (assinada). */
  imagem_url: z.string().nullable(),
  em: z.string(),
});
export type OsSignature = z.infer<typeof osSignatureSchema>;

export const osSealSchema = z.object({
  sha256: z.string(),
  selada_em: z.string(),
  /** App path of the public verification page: /os/verificar/{código de verificação}. */
  verificacao_path: z.string(),
  /** The random verification code printed in the report (and in its QR). */
  verificacao_codigo: z.string(),
});

/** State of the customer's report link: it works until `expira_em` unless revoked. */
export const OS_REPORT_LINK_STATES = ['ativo', 'expirado', 'revogado'] as const;
export type OsReportLinkState = (typeof OS_REPORT_LINK_STATES)[number];
export const OS_REPORT_LINK_LABELS: Record<OsReportLinkState, string> = {
  ativo: 'Link ativo',
  expirado: 'Link expirado',
  revogado: 'Link revogado',
};
export const osReportLinkSchema = z.object({
  situacao: z.enum(OS_REPORT_LINK_STATES),
  expira_em: z.string(),
  revogado_em: z.string().nullable(),
});
export type OsReportLink = z.infer<typeof osReportLinkSchema>;

/** POST /:id/adendos (gerente, diretoria; sealed OS only). */
export const osAddendumBody = z.object({
  texto: fieldText('o texto do adendo', 4000, 3),
});
export const osAddendumSchema = z.object({
  id: z.number().int(),
  texto: z.string(),
  autor: personRef.nullable(),
  created_at: z.string(),
});

/** POST /:id/enviar-relatorio: the report link to the customer's e-mail. */
export const osSendReportBody = z.object({
  email: z
    .email('E-mail inválido.')
    .max(200, 'E-mail inválido.')
    .nullish()
    .transform((v) => v ?? null),
});
export const osSendReportResponse = z.object({ enviado_para: z.string() });

// ---------------------------------------------------------------- history

/** Kinds of history events of an OS (status steps and everything else). */
export const OS_EVENT_KINDS = [
  'criada',
  'editada',
  'a_caminho',
  'check_in',
  'pausada',
  'retomada',
  'concluida',
  'cancelada',
  'resposta',
  'foto_adicionada',
  'foto_editada',
  'foto_removida',
  'material_adicionado',
  'material_removido',
  'km_saida',
  'km_retorno',
  'pessoa_adicionada',
  'pessoa_removida',
  'adendo',
  'relatorio_enviado',
  'sst_liberacao',
  'ativos',
] as const;
export type OsEventKind = (typeof OS_EVENT_KINDS)[number];
export const OS_EVENT_LABELS: Record<OsEventKind, string> = {
  criada: 'OS criada',
  editada: 'OS editada',
  a_caminho: 'A caminho',
  check_in: 'Check-in',
  pausada: 'Pausada',
  retomada: 'Retomada',
  concluida: 'Concluída (check-out)',
  cancelada: 'Cancelada',
  resposta: 'Checklist respondido',
  foto_adicionada: 'Foto adicionada',
  foto_editada: 'Foto editada',
  foto_removida: 'Foto removida',
  material_adicionado: 'Material registrado',
  material_removido: 'Material estornado',
  km_saida: 'Km de saída',
  km_retorno: 'Km de retorno',
  pessoa_adicionada: 'Pessoa adicionada à equipe',
  pessoa_removida: 'Pessoa removida da equipe',
  adendo: 'Adendo',
  relatorio_enviado: 'Relatório enviado ao cliente',
  sst_liberacao: 'Liberação de SST (sem requisito)',
  ativos: 'Ativos da OS alterados',
};

export const osEventSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(OS_EVENT_KINDS),
  /** Status after the step (status steps only). */
  status: z.enum(OS_STATUSES).nullable(),
  autor: personRef.nullable(),
  /** Server time. */
  em: z.string(),
  /** Phone time, when the client sent it (offline steps). */
  device_time: z.string().nullable(),
  ...positionSchema.shape,
  /** Check-in: distance to the site's coordinates, when both are known. */
  distancia_m: z.number().nullable(),
  motivo: z.string().nullable(),
  /** Short description ("Temperatura de insuflamento: 12 °C", "2 un Filtro G4"). */
  texto: z.string().nullable(),
});
export type OsEvent = z.infer<typeof osEventSchema>;

// ---------------------------------------------------------------- OS responses

export const osSummarySchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  status: statusField,
  contrato: contractRef,
  tipo: z.object({ id: z.number().int(), nome: z.string() }),
  local: z.string(),
  previsto_inicio: z.string(),
  previsto_fim: z.string(),
  pessoas: z.array(personRef),
  veiculo: z.object({ id: z.number().int(), placa: z.string(), modelo: z.string() }).nullable(),
  agenda_entry_id: z.number().int().nullable(),
  /** Not concluded/cancelled and the planned end has passed. */
  atrasada: z.boolean(),
  check_in_em: z.string().nullable(),
  concluida_em: z.string().nullable(),
  selada: z.boolean(),
  updated_at: z.string(),
  /** Minutes worked, every team member added up (check-in to conclusion, pauses left out). */
  minutos_trabalhados: z.number().int(),
  /** Materials on the OS (lines not returned to stock; the OS page lists them in `materiais`). */
  materiais_usados: z.number().int(),
  /**
   * Cost of the materials at their unit cost when used (`sem_custo`: consumables used without
   * a unit cost, not in the sum); null for whoever does not see costs (`os.cost.read`).
   */
  custo: z.object({ materiais: z.number(), sem_custo: z.number().int() }).nullable(),
});
export type OsSummary = z.infer<typeof osSummarySchema>;

export const osChecklistEntrySchema = z.object({
  item: osTemplateItemSchema,
  resposta: osAnswerSchema.nullable(),
  fotos: z.number().int(),
  respondido: z.boolean(),
});
export type OsChecklistEntry = z.infer<typeof osChecklistEntrySchema>;

export const osDetailSchema = osSummarySchema.extend({
  descricao: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  cliente_email: z.string().nullable(),
  demanda: z.object({ id: z.number().int(), titulo: z.string() }).nullable(),
  modelo: z.object({ version_id: z.number().int(), versao: z.number().int() }),
  checklist: z.array(osChecklistEntrySchema),
  /** Titles of required checklist items still missing (conclusion is refused while any). */
  pendencias: z.array(z.string()),
  /**
   * How many customer assets the OS serves: when any, its checklist is answered once per asset
   * (GET /:id/ativos) and `pendencias` name the asset ("AC-01: Filtro limpo").
   */
  ativos: z.number().int(),
  fotos: z.array(osPhotoSchema),
  materiais: z.array(osMaterialSchema),
  km: z.object({
    saida: z.number().int().nullable(),
    retorno: z.number().int().nullable(),
    rodados: z.number().int().nullable(),
  }),
  equipe: z.array(osTeamMemberSchema),
  historico: z.array(osEventSchema),
  observacoes: z.string().nullable(),
  cancelamento_motivo: z.string().nullable(),
  assinatura: osSignatureSchema.nullable(),
  selo: osSealSchema.nullable(),
  /** The customer's report link last sent (null: never sent). */
  relatorio_link: osReportLinkSchema.nullable(),
  adendos: z.array(osAddendumSchema),
  /** What the caller may do on this OS. */
  permissoes: z.object({
    executar: z.boolean(),
    gerenciar: z.boolean(),
    adendo: z.boolean(),
    /** Send the report link to the customer and revoke it: team and gestores, once sealed. */
    enviar_relatorio: z.boolean(),
  }),
});
export type OsDetail = z.infer<typeof osDetailSchema>;

// ---------------------------------------------------------------- list

export const osListQuery = z.object({
  status: statusField.optional(),
  contract_id: positiveId.optional(),
  pessoa_id: positiveId.optional(),
  service_type_id: positiveId.optional(),
  /** Planned start from this date (YYYY-MM-DD, company time zone). */
  de: fieldDate('a data inicial').optional(),
  /** Planned start up to this date (inclusive). */
  ate: fieldDate('a data final').optional(),
  atrasadas: z.enum(['true', 'false']).optional(),
  /** Only OSs still to be done (neither concluded nor cancelled): a technician's open OSs. */
  abertas: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(80, 'Busca com no máximo 80 caracteres.').optional(),
  page: pageNumber,
  perPage: pageSize(200, 50),
  /** Only the page's OSs changed since (the previous answer's `cursor`), plus `ids` (sync.ts). */
  updated_since: updatedSince.optional(),
});
export type OsListQuery = z.input<typeof osListQuery>;

export const osExportQuery = osListQuery
  .omit({ page: true, perPage: true, updated_since: true })
  .extend({
    format: z.enum(['csv', 'xlsx']).default('xlsx'),
  });

export const osListResponse = z.object({
  items: z.array(osSummarySchema),
  total: z.number().int(),
  /** OSs per status under the same filters (without the status filter). */
  contagem: z.record(statusField, z.number().int()),
  atrasadas: z.number().int(),
  /**
   * `cursor`; with `updated_since`, `items` holds only the page's OSs changed since and `ids`
   * the whole page in order (a row the phone does not keep: fetch the page again without it).
   */
  ...syncedListFields,
});
export type OsListResponse = z.infer<typeof osListResponse>;

// ---------------------------------------------------------------- public verification

export const OS_VERIFY_RESULTS = ['autentico', 'alterado', 'nao_selado'] as const;
export type OsVerifyResult = (typeof OS_VERIFY_RESULTS)[number];
export const OS_VERIFY_LABELS: Record<OsVerifyResult, string> = {
  autentico: 'Relatório autêntico: o conteúdo selado não foi alterado.',
  alterado: 'Relatório NÃO autêntico: o conteúdo foi alterado depois de selado.',
  nao_selado: 'Esta OS ainda não foi concluída e selada.',
};

/** GET /api/public/os/verificar/:codigo: no personal data. */
export const osVerifyResponse = z.object({
  codigo: z.string(),
  resultado: z.enum(OS_VERIFY_RESULTS),
  autentico: z.boolean(),
  mensagem: z.string(),
  selada_em: z.string().nullable(),
  sha256: z.string().nullable(),
});
export type OsVerifyResponse = z.infer<typeof osVerifyResponse>;
