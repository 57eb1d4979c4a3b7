import { OS_STATUS_LABELS, type OsSummary } from '@eproto/domain';
import { exportList, type SheetColumn } from '../tatico/spreadsheet.ts';

/** The OS list as XLSX (or CSV), as the office filters it. */
export function exportOrders(format: 'csv' | 'xlsx', rows: OsSummary[], timeZone: string) {
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
  const columns: SheetColumn<OsSummary>[] = [
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
  ];
  return exportList(format, columns, rows, 'Ordens de serviço');
}
