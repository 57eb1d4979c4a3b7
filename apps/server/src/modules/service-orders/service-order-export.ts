import { decimalHours, OS_STATUS_LABELS, type OsSummary } from '@eproto/domain';
import { exportList, type SheetColumn } from '../../lib/export/spreadsheet.ts';

/** A row of the export: the list's OS and its materials in words. */
export type OsExportRow = OsSummary & { materiaisTexto: string };

/**
 * The OS list as XLSX (or CSV), as the office filters it: hours worked as decimal hours (a
 * number cell, "2,5"), the materials, and their cost for whoever sees costs (`withCost`).
 */
export function exportOrders(
  format: 'csv' | 'xlsx',
  rows: OsExportRow[],
  timeZone: string,
  withCost: boolean,
) {
  const local = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat('pt-BR', {
          timeZone,
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(iso))
      : null;
  const columns: SheetColumn<OsExportRow>[] = [
    { header: 'OS', width: 16, value: (o) => o.codigo },
    { header: 'Situação', width: 16, value: (o) => OS_STATUS_LABELS[o.status] },
    { header: 'Atrasada', width: 10, value: (o) => (o.atrasada ? 'Sim' : 'Não') },
    { header: 'Contrato', width: 24, value: (o) => `${o.contrato.codigo} — ${o.contrato.nome}` },
    { header: 'Tipo de serviço', width: 28, value: (o) => o.tipo.nome },
    { header: 'Local', width: 32, value: (o) => o.local },
    { header: 'Início previsto', width: 18, value: (o) => local(o.previsto_inicio) },
    { header: 'Fim previsto', width: 18, value: (o) => local(o.previsto_fim) },
    { header: 'Equipe', width: 32, value: (o) => o.pessoas.map((p) => p.nome).join(', ') },
    { header: 'Veículo', width: 12, value: (o) => o.veiculo?.placa ?? null },
    { header: 'Check-in', width: 18, value: (o) => local(o.check_in_em) },
    { header: 'Concluída em', width: 18, value: (o) => local(o.concluida_em) },
    { header: 'Selada', width: 8, value: (o) => (o.selada ? 'Sim' : 'Não') },
    {
      header: 'Horas trabalhadas',
      width: 12,
      type: 'number',
      value: (o) => decimalHours(o.minutos_trabalhados),
    },
    { header: 'Materiais', width: 40, value: (o) => o.materiaisTexto || null },
  ];
  if (withCost) {
    columns.push(
      {
        header: 'Custo dos materiais (R$)',
        width: 16,
        type: 'number',
        format: '#,##0.00',
        value: (o) => o.custo?.materiais ?? null,
      },
      {
        header: 'Materiais sem custo',
        width: 12,
        type: 'number',
        value: (o) => o.custo?.sem_custo ?? null,
      },
    );
  }
  return exportList(format, columns, rows, 'Ordens de serviço');
}
