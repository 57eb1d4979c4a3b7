import { Badge } from '@mantine/core';

/** "Ativo" / "Inativo" pill of a user. */
export function UserStatusBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} radius="sm">
      {active ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}
