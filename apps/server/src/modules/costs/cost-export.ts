import {
  COST_KIND_LABELS,
  COST_KINDS,
  ROLE_LABELS,
  decimalHours,
  monthLabel,
  type ContractCost,
  type ContractCostMonth,
  type ContractLateItem,
} from '@eproto/domain';
import { bookSheet, toXlsxBook, type SheetColumn } from '../../lib/export/spreadsheet.ts';

const MONEY = '#,##0.00';
type Person = ContractCost['pessoas'][number];
/** A month row, or the total row (mes null). */
type MonthRow = Omit<ContractCostMonth, 'mes'> & { mes: string | null };

const money = <T>(header: string, value: (r: T) => number | null): SheetColumn<T> => ({
  header,
  width: 16,
  type: 'number',
  format: MONEY,
  value,
});

const MONTH_COLUMNS: SheetColumn<MonthRow>[] = [
  { header: 'Mês', width: 12, value: (r) => (r.mes ? monthLabel(r.mes) : 'Total') },
  ...COST_KINDS.map((k) => money<MonthRow>(COST_KIND_LABELS[k], (r) => r[k])),
  money<MonthRow>('Total do mês', (r) => r.total),
  money<MonthRow>('Acumulado', (r) => (r.mes ? r.acumulado : null)),
  money<MonthRow>('Planejado acumulado', (r) => (r.mes ? r.planejado_acumulado : null)),
  {
    header: 'Horas aprovadas',
    width: 14,
    type: 'number',
    format: '0.00',
    value: (r) => decimalHours(r.minutos_aprovados),
  },
  { header: 'OS previstas', width: 12, type: 'number', value: (r) => r.os_abertas },
  { header: 'OS concluídas', width: 12, type: 'number', value: (r) => r.os_concluidas },
];

const PERSON_COLUMNS: SheetColumn<Person>[] = [
  { header: 'Pessoa', width: 30, value: (p) => p.pessoa.nome },
  { header: 'Função', width: 16, value: (p) => ROLE_LABELS[p.funcao] },
  {
    header: 'Horas aprovadas',
    width: 14,
    type: 'number',
    format: '0.00',
    value: (p) => decimalHours(p.minutos),
  },
  {
    header: 'Horas sem taxa',
    width: 14,
    type: 'number',
    format: '0.00',
    value: (p) => decimalHours(p.minutos_sem_taxa),
  },
  money<Person>('Custo', (p) => p.custo),
];

const LATE_COLUMNS: SheetColumn<ContractLateItem>[] = [
  { header: 'Tipo', width: 10, value: (l) => (l.tipo === 'os' ? 'OS' : 'Tarefa') },
  { header: 'Item', width: 50, value: (l) => l.titulo },
  { header: 'Prazo', width: 12, type: 'date', value: (l) => l.prazo },
];

/** A contract's cost report as XLSX: months (with a total row), people, late items. */
export function exportContractCost(r: ContractCost) {
  const total: MonthRow = {
    ...r.totais,
    mes: null,
    acumulado: r.totais.total,
    planejado_acumulado: null,
    minutos_aprovados: r.totais.minutos_aprovados,
    os_abertas: r.meses.reduce((s, m) => s + m.os_abertas, 0),
    os_concluidas: r.meses.reduce((s, m) => s + m.os_concluidas, 0),
  };
  return toXlsxBook([
    bookSheet('Custos por mês', MONTH_COLUMNS, [...r.meses, total]),
    bookSheet('Pessoas', PERSON_COLUMNS, r.pessoas),
    bookSheet('Atrasados', LATE_COLUMNS, r.atrasados),
  ]);
}
