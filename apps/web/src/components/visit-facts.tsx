import { Anchor, Group, Text } from '@mantine/core';
import { IconBriefcase, IconCar, IconClock, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { mapUrl } from './map-url.ts';
import { contractLabel } from './pickers/contract-label.ts';

/** A visit at a customer site as the agenda entry and the service order both show it. */
export interface Visit {
  local: string;
  latitude: number | null;
  longitude: number | null;
  pessoas: ReadonlyArray<{ nome: string }>;
  veiculo: { placa: string; modelo: string } | null;
  contrato: { codigo: string; nome: string };
  demanda: { id: number; titulo: string } | null;
}

/** An icon beside a fact, text wrapping under itself; `centred` for a row that is one link. */
export function FactRow({
  icon,
  children,
  centred = false,
}: {
  icon: ReactNode;
  children: ReactNode;
  centred?: boolean;
}) {
  return (
    <Group gap={8} wrap="nowrap" align={centred ? 'center' : 'flex-start'}>
      <span
        style={{
          color: 'var(--mantine-color-dimmed)',
          marginTop: centred ? 0 : 2,
          display: 'inline-flex',
        }}
      >
        {icon}
      </span>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/**
 * A link in a fact row: on a touch screen links take a 44 px tall target (global.css) with the
 * text centred in it; here the text stays on the icon's line, at the top of its target.
 */
const FACT_LINK = { alignItems: 'flex-start', justifyContent: 'flex-start' } as const;

/** When, where (map link), who, which vehicle, for which contract and demand. */
export function VisitFacts({ visit, period }: { visit: Visit; period: string }) {
  return (
    <>
      <FactRow icon={<IconClock size={16} />}>
        <Text size="sm">{period}</Text>
      </FactRow>
      {/* On a touch screen the link is a 44 px target: its text and the pin sit in the middle
          of it, so the row has even space above and below instead of a gap under it. */}
      <FactRow icon={<IconMapPin size={16} />} centred>
        <Anchor href={mapUrl(visit)} target="_blank" rel="noopener noreferrer" size="sm">
          {visit.local}
        </Anchor>
      </FactRow>
      <FactRow icon={<IconUsers size={16} />}>
        <Text size="sm">{visit.pessoas.map((p) => p.nome).join(', ')}</Text>
      </FactRow>
      {visit.veiculo && (
        <FactRow icon={<IconCar size={16} />}>
          <Text size="sm">
            {visit.veiculo.placa} · {visit.veiculo.modelo}
          </Text>
        </FactRow>
      )}
      <FactRow icon={<IconBriefcase size={16} />}>
        <Text size="sm">{contractLabel(visit.contrato)}</Text>
        {visit.demanda && (
          <Anchor
            component={Link}
            to={`/eproto/murals/${visit.demanda.id}`}
            size="xs"
            style={FACT_LINK}
          >
            Demanda: {visit.demanda.titulo}
          </Anchor>
        )}
      </FactRow>
    </>
  );
}
