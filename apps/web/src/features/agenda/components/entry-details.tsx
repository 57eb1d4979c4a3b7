import type { AgendaEntry } from '@eproto/domain';
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconHelmet, IconShieldCheck } from '@tabler/icons-react';

import { dayjs } from '../../../lib/dates.ts';
import { FactRow, VisitFacts } from '../../../components/visit-facts.tsx';
import { period } from '../utils/week.ts';

/** An entry released by a gestor without its SST requirements: who, when, why, what lacked. */
export function SstReleaseAlert({
  release,
}: {
  release: NonNullable<AgendaEntry['liberacao_sst']>;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      p="xs"
      icon={<IconShieldCheck size={16} />}
      title="Liberado sem requisito de SST"
    >
      <Text size="sm">
        {release.por?.nome ?? 'Gestor'} em {dayjs(release.em).format('DD/MM/YYYY HH:mm')}: “
        {release.motivo}”
      </Text>
      <List size="xs" mt={4}>
        {release.pendencias.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Where, when, who, with which vehicle, for which contract (and demand). */
export function EntryDetails({ entry }: { entry: AgendaEntry }) {
  return (
    <Stack gap={8}>
      <VisitFacts visit={entry} period={period(entry)} />
      {entry.tipo_atividade && (
        <FactRow icon={<IconHelmet size={16} />}>
          <Text size="sm">Tipo de atividade: {entry.tipo_atividade.nome}</Text>
        </FactRow>
      )}
      {entry.liberacao_sst && <SstReleaseAlert release={entry.liberacao_sst} />}
    </Stack>
  );
}
