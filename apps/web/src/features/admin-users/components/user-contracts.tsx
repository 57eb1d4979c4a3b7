import type { AdminContractRef } from '@eproto/domain';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { contractLabel } from '../../../components/pickers/contract-label.ts';

const SHOWN = 2;

/** Contract codes of a user, the rest summarised as "+N". */
export function UserContracts({ contracts }: { contracts: AdminContractRef[] }) {
  if (contracts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sem contratos
      </Text>
    );
  }
  const rest = contracts.slice(SHOWN);
  return (
    <Group gap={4} wrap="wrap">
      {contracts.slice(0, SHOWN).map((c) => (
        <Tooltip key={c.id} label={c.nome}>
          <Badge variant="outline" color="gray" radius="sm" tt="none">
            {c.codigo}
          </Badge>
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map(contractLabel).join(', ')} multiline maw={280}>
          <Badge variant="light" color="gray" radius="sm">
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
