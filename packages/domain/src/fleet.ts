import { z } from 'zod';
import { updatedSince } from './sync.ts';
import {
  addDaysTo,
  capitalizeFirst,
  fieldDate,
  fieldId,
  daysBetweenDates,
  formatDateBr,
  fieldOptionalText,
  fieldText,
} from './field-common.ts';
import { vehicleCnhField } from './sst-schemas.ts';
import { VEHICLE_CNH_CATEGORIES } from './sst.ts';
import { KM_JUMP_WARN } from './fleet-rules.ts';

// Constants the OS page needs live in fleet-rules.ts, free of zod: a page that imports one
// does not download the fleet schemas (apps/web/vite.config.ts).
export { KM_JUMP_WARN };

// ---------------------------------------------------------------- plates and RENAVAM

const PLATE_RE = /^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/;

/** Upper-cases and strips spaces, hyphens and dots from a typed plate. */
export function normalizePlate(raw: string): string {
  return raw.toUpperCase().replace(/[\s.-]/g, '');
}

/** Kind of a Brazilian plate (old "ABC-1234" or Mercosul "ABC1D23"), or null when invalid. */
export function plateKind(raw: string): 'antiga' | 'mercosul' | null {
  const p = normalizePlate(raw);
  if (!PLATE_RE.test(p)) return null;
  return /[0-9]/.test(p.charAt(4)) ? 'antiga' : 'mercosul';
}

/** True for a valid Brazilian plate in either format. */
export function isValidPlate(raw: string): boolean {
  return plateKind(raw) !== null;
}

/** Display form: "ABC-1234" for the old format, "ABC1D23" for Mercosul. */
export function formatPlate(raw: string): string {
  const p = normalizePlate(raw);
  return plateKind(p) === 'antiga' ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}

/**
 * The Mercosul plate an old plate becomes (5th digit 0-9 -> letter A-J); Mercosul plates
 * stay as they are. Used to spot the same vehicle registered under both forms.
 */
export function mercosulOf(raw: string): string {
  const p = normalizePlate(raw);
  if (plateKind(p) !== 'antiga') return p;
  return p.slice(0, 4) + String.fromCharCode(65 + Number(p.charAt(4))) + p.slice(5);
}

/** Stored forms that denote the same vehicle: the plate and its old/Mercosul twin. */
export function plateVariants(raw: string): string[] {
  const p = normalizePlate(raw);
  const out = new Set([p, mercosulOf(p)]);
  const code = p.charCodeAt(4) - 65;
  if (plateKind(p) === 'mercosul' && code >= 0 && code <= 9) {
    out.add(p.slice(0, 4) + String(code) + p.slice(5));
  }
  return [...out];
}

/** RENAVAM check digit rule (11 digits; older 9-digit numbers are left-padded with zeros). */
export function isValidRenavam(raw: string): boolean {
  const digits = raw.replace(/\D/g, '');
  if (raw.replace(/[\s.-]/g, '') !== digits || digits.length < 9 || digits.length > 11)
    return false;
  const r = digits.padStart(11, '0');
  if (/^0+$/.test(r)) return false;
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(r.charAt(i)), 0);
  const dv = (sum * 10) % 11;
  return (dv === 10 ? 0 : dv) === Number(r.charAt(10));
}

// ---------------------------------------------------------------- vehicles

export const VEHICLE_STATUSES = ['disponivel', 'em_uso', 'manutencao', 'inativo'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export const VEHICLE_STATUS_LABELS: Record<VehicleStatus, string> = {
  disponivel: 'Disponível',
  em_uso: 'Em uso',
  manutencao: 'Manutenção',
  inativo: 'Inativo',
};

const plateField = z
  .string({ error: 'Informe a placa.' })
  .trim()
  .min(1, 'Informe a placa.')
  .max(10, 'Placa inválida: use o formato antigo (ABC-1234) ou Mercosul (ABC1D23).')
  .refine(isValidPlate, 'Placa inválida: use o formato antigo (ABC-1234) ou Mercosul (ABC1D23).')
  .transform(normalizePlate);

const renavamField = z
  .string()
  .trim()
  .max(20, 'RENAVAM inválido (confira os 11 dígitos).')
  .nullish()
  .transform((v) => (v ? v.replace(/\D/g, '').padStart(11, '0') : null))
  .refine((v) => v === null || isValidRenavam(v), 'RENAVAM inválido (confira os 11 dígitos).');

const yearField = z
  .number({ error: 'Informe o ano.' })
  .int('Ano inválido.')
  .min(1950, 'Ano inválido.')
  .max(2100, 'Ano inválido.');

const kmField = (label: string) =>
  z
    .number({ error: `Informe ${label}.` })
    .int(`${capitalizeFirst(label)}: use um número inteiro de km.`)
    .min(0, `${capitalizeFirst(label)}: não pode ser negativo.`)
    .max(5_000_000, `${capitalizeFirst(label)}: valor grande demais.`);

const optionalDate = (label: string) =>
  fieldDate(label)
    .nullish()
    .transform((v) => v ?? null);

export const vehicleBody = z.object({
  placa: plateField,
  modelo: fieldText('o modelo', 80),
  marca: fieldText('a marca', 60),
  ano: yearField,
  renavam: renavamField,
  odometro_km: kmField('o odômetro'),
  status: z
    .enum(['disponivel', 'manutencao', 'inativo'], { error: 'Status inválido.' })
    .default('disponivel'),
  licenciamento_vencimento: optionalDate('o vencimento do licenciamento'),
  seguro_vencimento: optionalDate('o vencimento do seguro'),
  observacoes: fieldOptionalText('as observações', 1000),
  /** CNH category its driver needs; check-out refuses a driver without it. */
  categoria_cnh: vehicleCnhField,
});
export type VehicleBody = z.input<typeof vehicleBody>;

/** Patch: every field optional; the odometer never goes back (checked by the service). */
export const vehiclePatchBody = vehicleBody.partial();
export type VehiclePatchBody = z.input<typeof vehiclePatchBody>;

export const vehicleSchema = z.object({
  id: z.number().int(),
  placa: z.string(),
  placa_formatada: z.string(),
  modelo: z.string(),
  marca: z.string(),
  ano: z.number().int(),
  renavam: z.string().nullable(),
  odometro_km: z.number().int(),
  status: z.enum(VEHICLE_STATUSES),
  licenciamento_vencimento: z.string().nullable(),
  seguro_vencimento: z.string().nullable(),
  observacoes: z.string().nullable(),
  categoria_cnh: z.enum(VEHICLE_CNH_CATEGORIES).nullable(),
  condutor: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  alertas: z.number().int(),
  updated_at: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const vehicleListResponse = z.object({ items: z.array(vehicleSchema) });
export const vehicleListQuery = z.object({
  status: z.enum(VEHICLE_STATUSES).optional(),
  q: z.string().trim().max(80).optional(),
});

/**
 * GET /api/tatico/frota/veiculos/changes?<the list's query>&updated_since=… — what changed in
 * the vehicle list since a moment: `ids`, its vehicles now in its order; `items`, those changed
 * since (`updated_at`: every write of a vehicle or of what hangs from it, maintenance, fuel,
 * check-out, km, moves it); `total`; `cursor`. A 'fleet.changed' push carries that `version`.
 */
export const vehicleListChangesQuery = vehicleListQuery.extend({ updated_since: updatedSince });
export const vehicleListChangesResponse = vehicleListResponse.extend({
  ids: z.array(z.number().int()),
  total: z.number().int(),
  cursor: z.string(),
});
export type VehicleListChanges = z.infer<typeof vehicleListChangesResponse>;

// ---------------------------------------------------------------- maintenance

export const MAINTENANCE_TYPES = ['preventiva', 'corretiva'] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];
export const MAINTENANCE_TYPE_LABELS: Record<MaintenanceType, string> = {
  preventiva: 'Preventiva',
  corretiva: 'Corretiva',
};
export const MAINTENANCE_STATUSES = ['agendada', 'em_andamento', 'concluida'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  agendada: 'Agendada',
  em_andamento: 'Em andamento',
  concluida: 'Concluída',
};

const money = z
  .number({ error: 'Valor inválido.' })
  .min(0, 'O valor não pode ser negativo.')
  .max(10_000_000, 'Valor grande demais.')
  .refine(
    (v) => Math.round(v * 100) === Number((v * 100).toFixed(6)),
    'Use no máximo 2 casas decimais.',
  );

export const maintenanceBody = z
  .object({
    tipo: z.enum(MAINTENANCE_TYPES, { error: 'Tipo de manutenção inválido.' }),
    descricao: fieldText('a descrição', 500, 3),
    prevista_data: optionalDate('a data prevista'),
    prevista_km: kmField('a quilometragem prevista')
      .nullish()
      .transform((v) => v ?? null),
    fornecedor: fieldOptionalText('o fornecedor', 120),
    custo: money.nullish().transform((v) => v ?? null),
    /** The contract the cost goes to; empty: the contracts the vehicle worked for that day. */
    contract_id: fieldId('o contrato')
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((m) => m.tipo !== 'preventiva' || m.prevista_data !== null || m.prevista_km !== null, {
    message: 'Manutenção preventiva precisa de data prevista ou quilometragem prevista.',
    path: ['prevista_data'],
  });
export type MaintenanceBody = z.input<typeof maintenanceBody>;

export const maintenanceStartBody = z.object({
  observacao: fieldOptionalText('a observação', 500),
});

export const maintenanceFinishBody = z.object({
  realizada_data: fieldDate('a data de realização'),
  realizada_km: kmField('a quilometragem de realização'),
  custo: money.nullish().transform((v) => v ?? null),
  observacao: fieldOptionalText('a observação', 500),
});
export type MaintenanceFinishBody = z.input<typeof maintenanceFinishBody>;

export const maintenanceSchema = z.object({
  id: z.number().int(),
  vehicle_id: z.number().int(),
  tipo: z.enum(MAINTENANCE_TYPES),
  status: z.enum(MAINTENANCE_STATUSES),
  descricao: z.string(),
  prevista_data: z.string().nullable(),
  prevista_km: z.number().int().nullable(),
  realizada_data: z.string().nullable(),
  realizada_km: z.number().int().nullable(),
  fornecedor: z.string().nullable(),
  custo: z.number().nullable(),
  contract_id: z.number().int().nullable(),
  observacao: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  created_at: z.string(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

// ---------------------------------------------------------------- fuel

export const FUEL_TYPES = ['gasolina', 'etanol', 'diesel', 'gnv'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];
export const FUEL_TYPE_LABELS: Record<FuelType, string> = {
  gasolina: 'Gasolina',
  etanol: 'Etanol',
  diesel: 'Diesel',
  gnv: 'GNV',
};

export const fuelBody = z.object({
  data: fieldDate('a data do abastecimento'),
  combustivel: z.enum(FUEL_TYPES, { error: 'Combustível inválido.' }),
  litros: z
    .number({ error: 'Informe os litros.' })
    .positive('Os litros devem ser maiores que zero.')
    .max(2000, 'Litros demais para um abastecimento.'),
  valor_total: money.refine((v) => v > 0, 'Informe o valor total.'),
  km: kmField('a quilometragem'),
  posto: fieldOptionalText('o posto', 120),
  /** The contract the cost goes to; empty: the contracts the vehicle worked for that day. */
  contract_id: fieldId('o contrato')
    .nullish()
    .transform((v) => v ?? null),
});
export type FuelBody = z.input<typeof fuelBody>;

export const fuelSchema = z.object({
  id: z.number().int(),
  vehicle_id: z.number().int(),
  data: z.string(),
  combustivel: z.enum(FUEL_TYPES),
  litros: z.number(),
  valor_total: z.number(),
  km: z.number().int(),
  posto: z.string().nullable(),
  contract_id: z.number().int().nullable(),
  created_by: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  created_at: z.string(),
});
export type FuelLog = z.infer<typeof fuelSchema>;

// ---------------------------------------------------------------- check-out / check-in

export const checkoutBody = z.object({
  condutor_id: fieldId('o condutor'),
  km_saida: kmField('a quilometragem de saída'),
  destino: fieldOptionalText('o destino', 200),
});
export type CheckoutBody = z.input<typeof checkoutBody>;

export const checkinBody = z.object({
  km_retorno: kmField('a quilometragem de retorno'),
  observacao: fieldOptionalText('a observação', 500),
  /** The person checking in confirms a trip longer than KM_JUMP_WARN km. */
  confirmar_km_alto: z.boolean({ error: 'Confirmação inválida.' }).default(false),
});
export type CheckinBody = z.input<typeof checkinBody>;

export const checkoutSchema = z.object({
  id: z.number().int(),
  vehicle_id: z.number().int(),
  condutor: z.object({ id: z.number().int(), nome: z.string() }),
  saida_em: z.string(),
  km_saida: z.number().int(),
  destino: z.string().nullable(),
  retorno_em: z.string().nullable(),
  km_retorno: z.number().int().nullable(),
  observacao: z.string().nullable(),
  km_alto_confirmado: z.boolean(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

// ---------------------------------------------------------------- km corrections

export const KM_READINGS = ['odometro', 'saida', 'retorno', 'abastecimento'] as const;
export type KmReading = (typeof KM_READINGS)[number];
export const KM_READING_LABELS: Record<KmReading, string> = {
  odometro: 'Odômetro do veículo',
  saida: 'Km de saída',
  retorno: 'Km de retorno',
  abastecimento: 'Km do abastecimento',
};

export const kmCorrectionBody = z
  .object({
    leitura: z.enum(KM_READINGS, { error: 'Leitura de km inválida.' }),
    /** The check-out (saida/retorno) or fuel entry (abastecimento); absent for odometro. */
    ref_id: z
      .number({ error: 'Registro inválido.' })
      .int('Registro inválido.')
      .positive('Registro inválido.')
      .max(2_147_483_647, 'Registro inválido.')
      .nullish()
      .transform((v) => v ?? null),
    km: kmField('a quilometragem corrigida'),
    motivo: fieldText('o motivo da correção', 500, 5),
  })
  .refine((b) => b.leitura === 'odometro' || b.ref_id !== null, {
    message: 'Informe qual registro está sendo corrigido.',
    path: ['ref_id'],
  });
export type KmCorrectionBody = z.input<typeof kmCorrectionBody>;

export const kmCorrectionSchema = z.object({
  id: z.number().int(),
  leitura: z.enum(KM_READINGS),
  ref_id: z.number().int().nullable(),
  km_anterior: z.number().int(),
  km_corrigido: z.number().int(),
  odometro_anterior: z.number().int(),
  odometro_novo: z.number().int(),
  motivo: z.string(),
  created_by: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  created_at: z.string(),
});
export type KmCorrection = z.infer<typeof kmCorrectionSchema>;

export const vehicleDetailResponse = z.object({
  vehicle: vehicleSchema,
  maintenances: z.array(maintenanceSchema),
  fuel: z.array(fuelSchema),
  checkouts: z.array(checkoutSchema),
  correcoes_km: z.array(kmCorrectionSchema),
});
export type VehicleDetail = z.infer<typeof vehicleDetailResponse>;

// ---------------------------------------------------------------- alert rules

/** Documents and maintenance warn this many days ahead. */
export const FLEET_WARN_DAYS = 30;
export const MAINTENANCE_WARN_DAYS = 7;
/** Preventive maintenance by km warns this many km ahead. */
export const MAINTENANCE_WARN_KM = 500;

export type DueState = 'vencido' | 'proximo' | null;

/** State of a due date: vencido on/after it, proximo within warnDays, otherwise null. */
export function dueState(due: string | null, today: string, warnDays: number): DueState {
  if (!due) return null;
  const left = daysBetweenDates(today, due);
  if (left < 0) return 'vencido';
  if (left <= warnDays) return 'proximo';
  return null;
}

/** Preventive maintenance state by its planned date and/or km against today and the odometer. */
export function maintenanceDueState(
  m: { prevista_data: string | null; prevista_km: number | null },
  today: string,
  odometer: number,
): DueState {
  const byDate = dueState(m.prevista_data, today, MAINTENANCE_WARN_DAYS);
  let byKm: DueState = null;
  if (m.prevista_km !== null) {
    if (odometer >= m.prevista_km) byKm = 'vencido';
    else if (m.prevista_km - odometer <= MAINTENANCE_WARN_KM) byKm = 'proximo';
  }
  if (byDate === 'vencido' || byKm === 'vencido') return 'vencido';
  return byDate ?? byKm;
}

/** Text of a document alert for a vehicle, e.g. "Licenciamento do ABC-1234 vence em 12/05/2026". */
export function documentAlertText(
  doc: 'licenciamento' | 'seguro',
  plate: string,
  due: string,
  state: Exclude<DueState, null>,
): string {
  const name = doc === 'licenciamento' ? 'Licenciamento' : 'Seguro';
  const verb = state === 'vencido' ? 'venceu em' : 'vence em';
  return `${name} do veículo ${formatPlate(plate)} ${verb} ${formatDateBr(due)}.`;
}

/** The date `days` from today, for queries of things due soon. */
export function horizon(today: string, days: number): string {
  return addDaysTo(today, days);
}
