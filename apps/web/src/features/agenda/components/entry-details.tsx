import type { AgendaEntry } from '@eproto/domain';
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconHelmet, IconShieldCheck } from '@tabler/icons-react';

import { dayjs } from '../../../lib/dates.ts';
import { FactRow, VisitFacts } from '../../../components/visit-facts.tsx';
import { hhmm, localDate } from '../utils/week.ts';

/** Period "21/11 08:00 – 12:00" (or across days). */
export function period(e: AgendaEntry): string {
  const sameDay = localDate(e.inicio) === localDate(e.fim);
  const start = dayjs(e.inicio).format('ddd, DD/MM [·] HH:mm');
  return sameDay ? `${start} – ${hhmm(e.fim)}` : `${start} – ${dayjs(e.fim).format('DD/MM HH:mm')}`;
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
      <VisitFacts visit={entry} period={period(entry)} />
      {entry.tipo_atividade && (
        <FactRow icon={<IconHelmet size={16} />}>
          <Text size="sm">Tipo de atividade: {entry.tipo_atividade.nome}</Text>
        </FactRow>
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
