import {
  PT_STATUS_LABELS,
  PT_STATUSES,
  PT_TYPE_LABELS,
  PT_TYPES,
  type PtStatus,
  type PtType,
} from '@eproto/domain';
import { Group, Select, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

import { useListFilters } from '../../../lib/use-list-filters.ts';
import { usePts } from '../api/get-pts.ts';
import { shiftLabel } from '../utils/shift.ts';
import { SstCardHead } from './sst-card-head.tsx';
import { SstList, type SstListProps } from './sst-list.tsx';
import { PtStatusBadge, PtTypeBadge } from './status-badges.tsx';

const FILTERS = ['situacao', 'tipo'] as const;

/** PTs with filters (situação, tipo, busca; in the URL); a card opens the PT. */
export function PtList({ manager, onOpen, onCreate }: SstListProps) {
  const filters = useListFilters(FILTERS);
  const status = (filters.values.situacao as PtStatus | undefined) ?? null;
  const tipo = (filters.values.tipo as PtType | undefined) ?? null;
  const query = usePts({ status, tipo, busca: filters.search.value });
  return (
    <SstList
      noun="PT"
      filters={filters}
      statuses={PT_STATUSES.map((s) => ({ value: s, label: PT_STATUS_LABELS[s] }))}
      create={manager ? { label: 'Emitir PT', onClick: onCreate } : null}
      onOpen={onOpen}
      query={query}
      items={query.data?.items}
      empty={{
        icon: <IconShieldCheck size={24} />,
        title: 'Nenhuma PT encontrada',
        hint: 'A PT é emitida a partir de uma APR enviada para assinatura e vale só para um turno.',
      }}
      card={(p) => (
        <>
          <SstCardHead
            title={
              <Group gap={6} wrap="nowrap">
                <Text fw={600} size="sm">
                  PT nº {p.id}
                </Text>
                <PtTypeBadge tipo={p.tipo} />
              </Group>
            }
            badge={<PtStatusBadge status={p.status} vigente={p.vigente} />}
          />
          <Text size="sm" lineClamp={1} mt={4}>
            {p.apr.atividade}
            {p.os ? ` — ${p.os.codigo}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            Turno: {shiftLabel(p.inicio, p.fim)} — {p.responsavel.nome}
          </Text>
          {(p.acoes.includes('aprovar') || p.acoes.includes('encerrar')) && (
            <Text size="xs" c="orange" fw={600} mt={4}>
              {p.acoes.includes('aprovar') ? 'Aguarda a sua aprovação' : 'Encerre ao fim do turno'}
            </Text>
          )}
        </>
      )}
    >
      <Select
        aria-label="Tipo"
        placeholder="Todos os tipos"
        clearable
        data={PT_TYPES.map((t) => ({ value: t, label: PT_TYPE_LABELS[t] }))}
        value={tipo}
        onChange={(v) => filters.set({ tipo: v })}
        w={{ base: '100%', xs: 200 }}
      />
    </SstList>
  );
}
