import type { LoadWeek } from '@eproto/domain';
import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';

import { weekLong, weekShort } from './load-format.ts';
import type { LoadCell, LoadRow, LoadUnit } from './load-rows.ts';
import classes from './load.module.css';

interface Props {
  rows: LoadRow[];
  weeks: LoadWeek[];
  week: number;
  onWeek: (index: number) => void;
  unit: LoadUnit;
  /** "Pessoa" / "Veículo". */
  subject: string;
}

function Cell({ cell, unit }: { cell: LoadCell; unit: LoadUnit }) {
  return (
    <Table.Td className={classes.cell} data-acima={cell.acima || undefined} title={cell.detalhe}>
      <Text size="sm" fw={600} className={classes.value}>
        {unit.format(cell.valor)}
      </Text>
      <Text size="xs" className={classes.capacity}>
        de {unit.format(cell.capacidade)}
      </Text>
      {cell.acima && <VisuallyHidden>acima da capacidade</VisuallyHidden>}
    </Table.Td>
  );
}

/** Every week of the period, a row per person (or vehicle); a week's head picks the chart's. */
export function LoadTable({ rows, weeks, week, onWeek, unit, subject }: Props) {
  return (
    <Table.ScrollContainer minWidth={200 + weeks.length * 96}>
      <Table withTableBorder withColumnBorders verticalSpacing={6} className={classes.table}>
        <Table.Caption>
          {unit.valueLabel} por semana e a capacidade; em vermelho, acima da capacidade.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{subject}</Table.Th>
            {weeks.map((w, i) => (
              <Table.Th key={w.inicio} scope="col" data-selected={i === week || undefined}>
                <UnstyledButton
                  className={classes.weekButton}
                  aria-pressed={i === week}
                  aria-label={`Mostrar no gráfico: ${weekLong(w)}`}
                  onClick={() => onWeek(i)}
                >
                  {weekShort(w)}
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Th scope="row" className={classes.rowHead}>
                <Text size="sm" fw={600}>
                  {r.nome}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.sub}
                </Text>
              </Table.Th>
              {r.semanas.map((c) => (
                <Cell key={c.inicio} cell={c} unit={unit} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
