import { Badge } from '@mantine/core';

/** "Ativo" / "Inativo" / "Anonimizado" pill of a user. */
export function UserStatusBadge({ active, anonymized }: { active: boolean; anonymized: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} radius="sm">
      {anonymized ? 'Anonimizado' : active ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}
