import { countOf, type PlanTaskPreview } from '@eproto/domain';
import { Badge, ScrollArea, Table, Text } from '@mantine/core';

import { formatDate } from '../../../lib/dates.ts';

const hours = (h: number | null) =>
  h === null ? '—' : h.toLocaleString('pt-BR', { maximumFractionDigits: 2 });

const predecessors = (t: PlanTaskPreview) =>
  t.predecessoras
    .map((p) =>
      p.lag_days === 0 ? String(p.ref) : `${p.ref}${p.lag_days > 0 ? '+' : ''}${p.lag_days}`,
    )
    .join('; ') || '—';

/** The tasks a previewed file would create, as they would be stored (dates after the cascade). */
export function PlanPreviewTable({
  tasks,
  diasUteis,
}: {
  tasks: PlanTaskPreview[];
  diasUteis: boolean;
}) {
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Table
        striped
        withRowBorders={false}
        fz="sm"
        miw={720}
        stickyHeader
        aria-label="Tarefas do arquivo"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>Linha</Table.Th>
            <Table.Th w={48}>ID</Table.Th>
            <Table.Th miw={200}>Título</Table.Th>
            <Table.Th w={100}>Início</Table.Th>
            <Table.Th w={100}>Fim</Table.Th>
            <Table.Th w={64}>Horas</Table.Th>
            <Table.Th>Responsável</Table.Th>
            <Table.Th w={110}>Predecessoras</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((t) => (
            <Table.Tr key={t.ref}>
              <Table.Td>{t.linha}</Table.Td>
              <Table.Td>{t.ref}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {t.titulo}
                </Text>
                {t.adiada_dias > 0 && (
                  <Badge size="xs" variant="light" color="orange" mt={2}>
                    Adiada {countOf(t.adiada_dias, 'dia', 'dias')} pela dependência
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{formatDate(t.inicio_previsto) || '—'}</Table.Td>
              <Table.Td>{formatDate(t.fim_previsto) || '—'}</Table.Td>
              <Table.Td>{hours(t.horas_estimadas)}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {t.responsavel?.nome ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td title={diasUteis ? 'Intervalos em dias úteis' : 'Intervalos em dias'}>
                {predecessors(t)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
