import type { OsDetail } from '@eproto/domain';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconCar, IconClock, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { plannedPeriod, siteMapUrl } from '../utils/os-format.ts';
import { LateBadge, OsStatusBadge } from './os-status-badge.tsx';

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <span style={{ color: 'var(--mantine-color-dimmed)', marginTop: 2, display: 'inline-flex' }}>
        {icon}
      </span>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/** Number, status, service type and the visit: when, where, who, vehicle, contract. */
export function OsHeader({ os, actions }: { os: OsDetail; actions?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Group gap={8} wrap="wrap">
              <Title order={1} fz={{ base: 20, sm: 24 }} data-testid="os-codigo">
                {os.codigo}
              </Title>
              <OsStatusBadge status={os.status} size="lg" />
              {os.atrasada && <LateBadge />}
            </Group>
            <Text fw={600} mt={2}>
              {os.tipo.nome}
            </Text>
          </div>
          {actions}
        </Group>
        <Stack gap={6}>
          <Row icon={<IconClock size={16} />}>
            <Text size="sm">{plannedPeriod(os.previsto_inicio, os.previsto_fim)}</Text>
          </Row>
          <Row icon={<IconMapPin size={16} />}>
            <Anchor href={siteMapUrl(os)} target="_blank" rel="noopener noreferrer" size="sm">
              {os.local}
            </Anchor>
          </Row>
          <Row icon={<IconUsers size={16} />}>
            <Text size="sm">{os.pessoas.map((p) => p.nome).join(', ')}</Text>
          </Row>
          {os.veiculo && (
            <Row icon={<IconCar size={16} />}>
              <Text size="sm">
                {os.veiculo.placa} · {os.veiculo.modelo}
              </Text>
            </Row>
          )}
          <Row icon={<IconBriefcase size={16} />}>
            <Text size="sm">
              {os.contrato.codigo} — {os.contrato.nome}
            </Text>
            {os.demanda && (
              <Anchor component={Link} to={`/eproto/murals/${os.demanda.id}`} size="xs">
                Demanda: {os.demanda.titulo}
              </Anchor>
            )}
          </Row>
          {os.descricao && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {os.descricao}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
