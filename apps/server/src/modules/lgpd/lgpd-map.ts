/**
 * What "Meus dados" (LGPD art. 18) exports, table by table: every table with a column that
 * references users is either covered (the rows whose `by` columns hold the person, in the JSON
 * file `area`) or excluded with the reason. `lgpd-map.test.ts` walks the Drizzle schema and
 * fails when a new table or column that references users is in neither list.
 *
 * `others` names the user columns of a covered table that do NOT make a row the person's
 * (someone else's record that the person only touched: an EPI delivered BY them belongs to the
 * worker who received it), each with why. `omit` drops secrets and technical columns from the
 * rows (token hashes, push keys). `files` adds the stored file of a row to the ZIP, only when
 * the column `when` holds the person (a file they uploaded, their own signature).
 */

export type LgpdArea =
  | 'perfil'
  | 'demandas'
  | 'tarefas'
  | 'comentarios'
  | 'chat'
  | 'agenda'
  | 'ordens-de-servico'
  | 'epi'
  | 'sst'
  | 'solicitacoes'
  | 'suporte'
  | 'notificacoes'
  | 'sessoes-e-dispositivos'
  | 'atividade'
  | 'assistente'
  | 'frota-e-inventario'
  | 'horas'
  | 'integracoes';

export interface LgpdFiles {
  /** Column holding the storage key. */
  key: string;
  /** Column holding the original file name, if any. */
  name?: string;
  /** The file is the person's only when this column holds them. */
  when: string;
}

export interface LgpdCovered {
  area: LgpdArea;
  by: string[];
  others?: Record<string, string>;
  omit?: string[];
  files?: LgpdFiles;
}

export interface LgpdExcluded {
  excluded: string;
}

export type LgpdEntry = LgpdCovered | LgpdExcluded;

const OTHERS_RECORD = 'registro de outra pessoa que esta apenas fez; a ação consta em atividade';
const ADDED_BY = 'quem incluiu outra pessoa; a inclusão consta em atividade';
const COMPANY =
  'cadastro ou configuração da empresa, não dado pessoal; quem fez consta em atividade';
const TECHNICAL =
  'controle técnico (deduplicação, contadores) sem conteúdo sobre a pessoa além do que já é exportado';
const DELETED_BY =
  'arquivo enviado por outra pessoa; a exclusão consta no histórico e em atividade';

/** Table name → what the export does with it. */
export const LGPD_TABLES: Record<string, LgpdEntry> = {
  activity_log: { area: 'atividade', by: ['user_id'] },
  agenda_entries: {
    area: 'agenda',
    by: ['created_by'],
    others: { sst_override_by: 'liberação SST dada para a equipe de outra pessoa' },
  },
  agenda_entry_people: { area: 'agenda', by: ['user_id'] },
  api_tokens: {
    area: 'integracoes',
    by: ['user_id'],
    others: { created_by: 'a TI que criou o token', revoked_by: 'a TI que revogou o token' },
    omit: ['token_hash'],
  },
  asset_contract_settings: { excluded: COMPANY },
  asset_report_settings: { excluded: COMPANY },
  asset_files: { excluded: COMPANY },
  asset_meter_readings: { excluded: COMPANY },
  assets: { excluded: COMPANY },
  assistant_conversations: { area: 'assistente', by: ['user_id'] },
  assistant_messages: { area: 'assistente', by: ['user_id'] },
  auth_tokens: {
    area: 'sessoes-e-dispositivos',
    by: ['user_id'],
    others: { invited_by: 'convite enviado a outra pessoa' },
    omit: ['token_hash'],
  },
  board_participants: { area: 'demandas', by: ['user_id'], others: { added_by: ADDED_BY } },
  boards: { excluded: COMPANY },
  calendar_feeds: { area: 'integracoes', by: ['user_id'], omit: ['token_hash'] },
  chat_files: {
    area: 'chat',
    by: ['owner_id'],
    files: { key: 'storage_key', name: 'file_name', when: 'owner_id' },
  },
  chat_messages: {
    area: 'chat',
    by: ['sender_id'],
    others: { recipient_id: 'mensagem escrita por outra pessoa (é dado dela)' },
  },
  company_days_off: { excluded: COMPANY },
  company_settings: { excluded: COMPANY },
  contract_chat_messages: { area: 'chat', by: ['sender_id'] },
  contract_chat_reads: { excluded: TECHNICAL },
  contracts: { excluded: COMPANY },
  cost_rates: {
    area: 'horas',
    by: ['user_id'],
    others: { created_by: 'taxa de custo de outra pessoa ou de uma função' },
  },
  deadline_reminders: { excluded: TECHNICAL },
  // The daily e-mail digest: whether the person asked for it, and the days it was sent.
  email_digest_log: { area: 'notificacoes', by: ['user_id'] },
  email_digest_optins: { area: 'notificacoes', by: ['user_id'] },
  epi_deliveries: {
    area: 'epi',
    by: ['colaborador_id'],
    others: { entregue_por: OTHERS_RECORD, devolucao_por: OTHERS_RECORD },
    files: { key: 'assinatura_key', when: 'colaborador_id' },
  },
  epi_movements: { area: 'epi', by: ['user_id'] },
  field_alert_log: { excluded: TECHNICAL },
  idempotency_keys: {
    excluded: 'cópia técnica das respostas de envios do celular, apagada em 48 horas',
  },
  inventory_items: { area: 'frota-e-inventario', by: ['responsavel_id'] },
  inventory_movements: {
    area: 'frota-e-inventario',
    by: ['user_id', 'responsavel_anterior_id', 'responsavel_novo_id'],
  },
  maintenance_plans: { excluded: COMPANY },
  mural_attachments: {
    area: 'demandas',
    by: ['uploaded_by'],
    others: { deleted_by: DELETED_BY },
    files: { key: 'storage_key', name: 'file_name', when: 'uploaded_by' },
  },
  mural_baselines: { excluded: COMPANY },
  mural_history: { area: 'demandas', by: ['author_id'] },
  mural_messages: { area: 'comentarios', by: ['author_id'] },
  mural_participants: { area: 'demandas', by: ['user_id'], others: { added_by: ADDED_BY } },
  mural_views: { area: 'demandas', by: ['user_id'] },
  murals: {
    area: 'demandas',
    by: ['created_by', 'responsavel_id'],
    others: {
      finance_sent_by: 'ação de fluxo financeiro; consta no histórico da demanda',
      finance_viewed_by: 'ação de fluxo financeiro; consta no histórico da demanda',
      finance_done_by: 'ação de fluxo financeiro; consta no histórico da demanda',
      last_activity_by: 'última alteração de uma demanda; consta no histórico',
    },
  },
  notifications: {
    area: 'notificacoes',
    by: ['user_id'],
    others: { author_id: 'aviso enviado a outra pessoa' },
  },
  os_asset_answers: { excluded: COMPANY },
  pmoc_issues: { excluded: COMPANY },
  protocol_attachments: {
    area: 'tarefas',
    by: ['uploaded_by'],
    others: { deleted_by: DELETED_BY },
    files: { key: 'storage_key', name: 'file_name', when: 'uploaded_by' },
  },
  protocol_history: { area: 'tarefas', by: ['author_id'] },
  protocol_messages: { area: 'comentarios', by: ['author_id'] },
  protocols: {
    area: 'tarefas',
    by: ['created_by', 'responsavel_id'],
    others: { reviewed_by: 'revisão do trabalho de outra pessoa; consta no histórico' },
  },
  push_subscriptions: {
    area: 'sessoes-e-dispositivos',
    by: ['user_id'],
    omit: ['endpoint', 'p256dh', 'auth'],
  },
  recurrences: { excluded: COMPANY },
  request_attachments: {
    area: 'solicitacoes',
    by: ['uploaded_by'],
    files: { key: 'storage_key', name: 'file_name', when: 'uploaded_by' },
  },
  request_events: { area: 'solicitacoes', by: ['user_id'] },
  requests: { area: 'solicitacoes', by: ['requester_id'] },
  service_order_addenda: { area: 'ordens-de-servico', by: ['author_id'] },
  service_order_answers: { excluded: COMPANY },
  service_order_attachments: {
    area: 'ordens-de-servico',
    by: ['uploaded_by'],
    others: { deleted_by: DELETED_BY },
    files: { key: 'storage_key', name: 'file_name', when: 'uploaded_by' },
  },
  service_order_events: { area: 'ordens-de-servico', by: ['user_id'] },
  service_order_history: { area: 'ordens-de-servico', by: ['author_id'] },
  service_order_materials: {
    area: 'ordens-de-servico',
    by: ['user_id'],
    others: { estornado_por: OTHERS_RECORD },
  },
  service_order_messages: { area: 'comentarios', by: ['author_id'] },
  service_order_people: {
    area: 'ordens-de-servico',
    by: ['user_id'],
    others: { added_by: ADDED_BY },
  },
  service_order_photos: {
    area: 'ordens-de-servico',
    by: ['uploaded_by'],
    omit: ['thumb_key'],
    files: { key: 'storage_key', name: 'file_name', when: 'uploaded_by' },
  },
  service_orders: {
    excluded:
      'a OS é da empresa e do cliente (nome, CPF e assinatura dele); as OSs em que a pessoa trabalhou saem em ordens-de-servico.json (equipe e resumo)',
  },
  service_type_versions: { excluded: COMPANY },
  service_types: { excluded: COMPANY },
  sessions: { area: 'sessoes-e-dispositivos', by: ['user_id'], omit: ['token_hash'] },
  sst_alert_log: { excluded: TECHNICAL },
  sst_apr_people: { area: 'sst', by: ['user_id'] },
  sst_aprs: { area: 'sst', by: ['responsavel_id'] },
  sst_asos: {
    area: 'sst',
    by: ['user_id'],
    others: { created_by: 'ASO de outra pessoa registrado por esta: dado de saúde dela' },
  },
  sst_cnhs: {
    area: 'sst',
    by: ['user_id'],
    others: { updated_by: 'CNH de outra pessoa registrada por esta' },
  },
  sst_os_overrides: {
    excluded: 'liberação SST dada por um gestor para a equipe de uma OS; consta em atividade',
  },
  sst_pt_events: { area: 'sst', by: ['user_id'] },
  sst_pt_people: { area: 'sst', by: ['user_id'] },
  sst_pts: {
    area: 'sst',
    by: ['responsavel_id', 'aprovador_id', 'encerrada_por'],
  },
  sst_service_type_requirements: { excluded: COMPANY },
  sst_training_records: {
    area: 'sst',
    by: ['user_id'],
    others: { created_by: 'treinamento de outra pessoa registrado por esta' },
    files: { key: 'certificado_key', name: 'certificado_nome', when: 'user_id' },
  },
  sst_workers: { area: 'sst', by: ['user_id'] },
  support_ticket_attachments: {
    area: 'suporte',
    by: ['uploaded_by'],
    files: { key: 'storage_key', name: 'file_name', when: 'uploaded_by' },
  },
  support_ticket_events: { area: 'suporte', by: ['author_id'] },
  support_tickets: { area: 'suporte', by: ['opened_by'] },
  task_dependencies: { excluded: COMPANY },
  team_baselines: { excluded: COMPANY },
  timesheet_entries: { area: 'horas', by: ['user_id'] },
  timesheet_weeks: {
    area: 'horas',
    by: ['user_id'],
    others: {
      aprovada_por: 'aprovação das horas de outra pessoa',
      reaberta_por: 'reabertura da semana de horas de outra pessoa',
    },
  },
  user_contracts: {
    area: 'perfil',
    by: ['user_id'],
    others: { created_by: 'vínculo de outra pessoa a um contrato' },
  },
  user_view_seq: { excluded: TECHNICAL },
  vehicle_checkouts: {
    area: 'frota-e-inventario',
    by: ['condutor_id'],
    others: { created_by: OTHERS_RECORD, checked_in_by: OTHERS_RECORD },
  },
  vehicle_fuel_logs: { excluded: COMPANY },
  vehicle_km_corrections: { excluded: COMPANY },
  vehicle_maintenances: { excluded: COMPANY },
  webhooks: { excluded: COMPANY },
};

/** Columns never written to the export, whatever the table (generated search documents). */
export const LGPD_OMIT_ALWAYS = ['search_text'];
