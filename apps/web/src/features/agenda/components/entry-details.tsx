import type { AgendaEntry } from '@eproto/domain';
import { Alert, Anchor, Group, List, Stack, Text } from '@mantine/core';
import {
  IconBriefcase,
  IconCar,
  IconClock,
  IconHelmet,
  IconMapPin,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';

import { dayjs } from '../../../lib/dates.ts';
import { hhmm, localDate, mapUrl } from '../utils/week.ts';

/** Period "21/11 08:00 – 12:00" (or across days). */
export function period(e: AgendaEntry): string {
  const sameDay = localDate(e.inicio) === localDate(e.fim);
  const start = dayjs(e.inicio).format('ddd, DD/MM [·] HH:mm');
  return sameDay ? `${start} – ${hhmm(e.fim)}` : `${start} – ${dayjs(e.fim).format('DD/MM HH:mm')}`;
}

function Row({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <span style={{ color: 'var(--mantine-color-dimmed)', marginTop: 2, display: 'inline-flex' }}>
        {icon}
      </span>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/** Where, when, who, with which vehicle, for which contract (and demand). */
export function EntryDetails({
  entry,
  compact = false,
}: {
  entry: AgendaEntry;
  compact?: boolean;
}) {
  return (
    <Stack gap={compact ? 4 : 8}>
      <Row icon={<IconClock size={16} />}>
        <Text size="sm">{period(entry)}</Text>
      </Row>
      <Row icon={<IconMapPin size={16} />}>
        <Anchor href={mapUrl(entry)} target="_blank" rel="noopener noreferrer" size="sm">
          {entry.local}
        </Anchor>
      </Row>
      <Row icon={<IconUsers size={16} />}>
        <Text size="sm">{entry.pessoas.map((p) => p.nome).join(', ')}</Text>
      </Row>
      {entry.veiculo && (
        <Row icon={<IconCar size={16} />}>
          <Text size="sm">
            {entry.veiculo.placa} · {entry.veiculo.modelo}
          </Text>
        </Row>
      )}
      <Row icon={<IconBriefcase size={16} />}>
        <Text size="sm">
          {entry.contrato.codigo} — {entry.contrato.nome}
        </Text>
        {entry.demanda && (
          <Anchor component={Link} to={`/eproto/murals/${entry.demanda.id}`} size="xs">
            Demanda: {entry.demanda.titulo}
          </Anchor>
        )}
      </Row>
      {entry.tipo_atividade && (
        <Row icon={<IconHelmet size={16} />}>
          <Text size="sm">Tipo de atividade: {entry.tipo_atividade.nome}</Text>
        </Row>
      )}
      {entry.liberacao_sst && (
        <Alert
          color="red"
          variant="light"
          p="xs"
          icon={<IconShieldCheck size={16} />}
          title="Liberado sem requisito de SST"
        >
          <Text size="sm">
            {entry.liberacao_sst.por?.nome ?? 'Gestor'} em{' '}
            {dayjs(entry.liberacao_sst.em).format('DD/MM/YYYY HH:mm')}: “
            {entry.liberacao_sst.motivo}”
          </Text>
          <List size="xs" mt={4}>
            {entry.liberacao_sst.pendencias.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
