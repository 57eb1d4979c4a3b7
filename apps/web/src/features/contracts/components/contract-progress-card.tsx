import { countOf } from '@eproto/domain';
import type { Contract } from '@eproto/domain';
import { Anchor, Badge, Button, Collapse, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Link } from 'react-router';

import { formatMoney, formatTerm, progressOf } from '../utils/format.ts';
import { ContractDemandsList } from './contract-demands-list.tsx';
import { ContractStageBar } from './contract-stage-bar.tsx';
import { ContractStatusBadge } from './contract-status-badge.tsx';

/** A contract with its progress (concluded share, bar by stage, late count) and its demands. */
export function ContractProgressCard({
  contract: c,
  costsLink,
}: {
  contract: Contract;
  /** Where "Ver custos" leads (the Custos tab), for those who see costs. */
  costsLink?: string | undefined;
}) {
  const [open, { toggle }] = useDisclosure(false);
  const pct = progressOf(c);
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-label={`Contrato ${c.codigo}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text size="xs" fw={700} ff="monospace" c="dimmed">
                {c.codigo}
              </Text>
              <ContractStatusBadge status={c.status} size="sm" />
            </Group>
            <Text fw={650} lineClamp={2} mt={2}>
              {c.nome}
            </Text>
            <Text size="sm" c="dimmed" truncate="end">
              {c.cliente}
            </Text>
          </div>
          <div style={{ textAlign: 'right', flex: 'none' }}>
            <Text fz={26} fw={700} lh={1}>
              {pct}%
            </Text>
            <Text size="xs" c="dimmed">
              concluído
            </Text>
          </div>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text size="xs" c="dimmed">
            Vigência: <b>{formatTerm(c)}</b>
          </Text>
          {c.valor !== null && (
            <Text size="xs" c="dimmed">
              Valor: <b>{formatMoney(c.valor)}</b>
            </Text>
          )}
          {costsLink && (
            <Anchor component={Link} to={costsLink} size="xs" fw={600}>
              Ver custos
            </Anchor>
          )}
        </Group>
        {c.preventivas_atrasadas > 0 && (
          <Badge
            component={Link}
            to={`/tatico/agenda?aba=ativos&contract_id=${c.id}&atrasadas=1`}
            color="red"
            variant="light"
            size="lg"
            style={{ cursor: 'pointer', width: 'fit-content' }}
            data-testid="contract-preventive-overdue"
          >
            {countOf(
              c.preventivas_atrasadas,
              'manutenção preventiva atrasada',
              'manutenções preventivas atrasadas',
            )}
          </Badge>
        )}
        <ContractStageBar stages={c.etapas} />
        {/* Without demands the stage bar already says so. */}
        {c.demandas > 0 && (
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Text size="sm">
                {c.concluidas} de {countOf(c.demandas, 'demanda concluída', 'demandas concluídas')}
              </Text>
              {c.atrasadas > 0 && (
                <Badge color="red" variant="light" size="sm">
                  {countOf(c.atrasadas, 'atrasada', 'atrasadas')}
                </Badge>
              )}
            </Group>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={toggle}
              rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
              aria-expanded={open}
            >
              {open ? 'Ocultar demandas' : 'Ver demandas'}
            </Button>
          </Group>
        )}
        <Collapse expanded={open}>
          <Divider mb="sm" />
          {open && <ContractDemandsList contractId={c.id} total={c.demandas} />}
        </Collapse>
      </Stack>
    </Paper>
  );
}
