import { Select, Text } from '@mantine/core';

import { useSstActivityTypes } from '../api/get-activity-types.ts';

/**
 * "Requisitos de SST" of a service type: the requirement set everyone on its OSs must meet
 * ("Trabalho em altura" → NR-35, ASO apto). `value` is the activity type id, null for none.
 */
export function SstRequirementsPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | undefined;
}) {
  const types = useSstActivityTypes();
  const items = types.data ?? [];
  const chosen = items.find((t) => String(t.id) === value);
  const data = items
    .filter((t) => t.ativo || String(t.id) === value)
    .map((t) => ({ value: String(t.id), label: t.nome }));
  return (
    <div>
      <Select
        label="Requisitos de SST"
        placeholder={types.isPending ? 'Carregando…' : 'Nenhum requisito'}
        description="Quem entra numa OS deste tipo precisa ter estes requisitos válidos até o fim previsto."
        clearable
        data={data}
        value={value}
        onChange={onChange}
        error={error ?? (types.isError ? types.error.message : undefined)}
      />
      {chosen && (
        <Text size="xs" c="dimmed" mt={4} data-testid="sst-requirements">
          Exige: {chosen.requisitos.map((r) => r.rotulo).join(', ')}
        </Text>
      )}
    </div>
  );
}
