import type { PreventiveSettings } from '@eproto/domain';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';

function Fact({ label, value, warn }: { label: string; value: string; warn?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} c={warn ? 'orange' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

const orDash = (v: string | null) => (v && v.trim() ? v : '—');

/** The contract's preventive settings as read: horizon, team, hour, building and RT. */
export function PreventiveSettingsCard({
  settings: s,
}: {
  settings: PreventiveSettings | undefined;
}) {
  if (!s) return <Skeleton height={96} radius="md" />;
  return (
    <Paper withBorder radius="md" p="md" data-testid="preventive-settings">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
        <Fact label="Antecedência" value={`${s.horizonte_dias} dias`} />
        <Fact label="Início das OSs" value={`${String(s.hora_inicio).padStart(2, '0')}:00`} />
        <Fact
          label="Equipe"
          value={s.equipe.map((p) => p.nome).join(', ') || 'Sem equipe definida'}
          warn={s.equipe.length === 0}
        />
        <Fact label="Edifício" value={orDash(s.edificio_nome)} />
        <Fact
          label="Responsável técnico"
          value={[s.rt_nome, s.rt_registro].filter(Boolean).join(' · ') || '—'}
        />
        <Fact label="ART/TRT" value={orDash(s.rt_art)} />
      </SimpleGrid>
    </Paper>
  );
}
