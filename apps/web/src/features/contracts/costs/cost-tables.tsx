import {
  COST_KIND_LABELS,
  COST_KINDS,
  ROLE_LABELS,
  canAccess,
  clockHours,
  formatDateBr,
  monthLabel,
  type ContractCost,
} from '@eproto/domain';
import { Anchor, Badge, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { useSession } from '../../../lib/session.ts';
import { formatMoney } from '../utils/format.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

const num = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** The figures of the charts, month by month, with the period's total. */
export function CostMonthTable({ report: r }: { report: ContractCost }) {
  return (
    <Section title="Custos por mês">
      <ScrollArea type="auto" offsetScrollbars="x">
        <Table striped withTableBorder fz="sm" miw={860} aria-label="Custos por mês">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mês</Table.Th>
              {COST_KINDS.map((k) => (
                <Table.Th key={k} style={num}>
                  {COST_KIND_LABELS[k]}
                </Table.Th>
              ))}
              <Table.Th style={num}>Total</Table.Th>
              <Table.Th style={num}>Acumulado</Table.Th>
              <Table.Th style={num}>Horas</Table.Th>
              <Table.Th style={num}>OSs</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.meses.map((m) => (
              <Table.Tr key={m.mes}>
                <Table.Td>{monthLabel(m.mes)}</Table.Td>
                {COST_KINDS.map((k) => (
                  <Table.Td key={k} style={num}>
                    {formatMoney(m[k])}
                  </Table.Td>
                ))}
                <Table.Td style={num} fw={600}>
                  {formatMoney(m.total)}
                </Table.Td>
                <Table.Td style={num}>{formatMoney(m.acumulado)}</Table.Td>
                <Table.Td style={num}>{clockHours(m.minutos_aprovados)}</Table.Td>
                <Table.Td style={num}>
                  {m.os_concluidas}/{m.os_abertas}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td>Total</Table.Td>
              {COST_KINDS.map((k) => (
                <Table.Td key={k} style={num}>
                  {formatMoney(r.totais[k])}
                </Table.Td>
              ))}
              <Table.Td style={num} data-testid="cost-total">
                {formatMoney(r.totais.total)}
              </Table.Td>
              <Table.Td />
              <Table.Td style={num}>{clockHours(r.totais.minutos_aprovados)}</Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
      <Text size="xs" c="dimmed">
        OSs: concluídas no mês / previstas para começar no mês.
      </Text>
    </Section>
  );
}

/** Approved hours and their cost per person. */
export function CostPeopleTable({ report: r }: { report: ContractCost }) {
  return (
    <Section title="Mão de obra por pessoa">
      {r.pessoas.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma hora aprovada no período.
        </Text>
      ) : (
        <ScrollArea type="auto" offsetScrollbars="x">
          <Table striped withTableBorder fz="sm" miw={420} aria-label="Mão de obra por pessoa">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pessoa</Table.Th>
                <Table.Th>Função</Table.Th>
                <Table.Th style={num}>Horas</Table.Th>
                <Table.Th style={num}>Custo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.pessoas.map((p) => (
                <Table.Tr key={p.pessoa.id}>
                  <Table.Td>{p.pessoa.nome}</Table.Td>
                  <Table.Td>{ROLE_LABELS[p.funcao]}</Table.Td>
                  <Table.Td style={num}>
                    {clockHours(p.minutos)}
                    {p.minutos_sem_taxa > 0 && (
                      <Badge ml={6} size="xs" color="orange" variant="light">
                        {clockHours(p.minutos_sem_taxa)} sem taxa
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={num}>{formatMoney(p.custo)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Section>
  );
}

/** Open tasks and OSs past their planned end. */
export function LateItems({ report: r }: { report: ContractCost }) {
  // A financeiro reads the contract's costs but cannot open an OS (/tatico/agenda): its title
  // is then plain text, not a link to a page that would refuse it.
  const { user } = useSession();
  const opens = (link: string) => canAccess(user?.rawType ?? user?.type, link);
  return (
    <Section title={`Itens atrasados (${r.atrasados_total})`}>
      {r.atrasados.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nada atrasado neste contrato.
        </Text>
      ) : (
        <Stack gap={6}>
          {r.atrasados.map((a) => (
            <Group key={`${a.tipo}-${a.id}`} gap="xs" wrap="nowrap" justify="space-between">
              <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                <Badge size="sm" variant="light" color={a.tipo === 'os' ? 'grape' : 'blue'}>
                  {a.tipo === 'os' ? 'OS' : 'Tarefa'}
                </Badge>
                {opens(a.link) ? (
                  <Anchor component={Link} to={a.link} size="sm" truncate="end">
                    {a.titulo}
                  </Anchor>
                ) : (
                  <Text size="sm" truncate="end">
                    {a.titulo}
                  </Text>
                )}
              </Group>
              <Text size="xs" c="red" style={{ whiteSpace: 'nowrap' }}>
                prazo {formatDateBr(a.prazo)}
              </Text>
            </Group>
          ))}
          {r.atrasados_total > r.atrasados.length && (
            <Text size="xs" c="dimmed">
              Mostrando {r.atrasados.length} de {r.atrasados_total}.
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}
