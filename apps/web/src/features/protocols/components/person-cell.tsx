import { Avatar, Group, Text } from '@mantine/core';

/** Avatar and name of a task's responsável ("Sem responsável" when empty). */
export function PersonCell({
  nome,
  avatar,
  size = 24,
}: {
  nome: string | null;
  avatar: string | null;
  size?: number;
}) {
  if (!nome) {
    return (
      <Text size="sm" c="dimmed">
        Sem responsável
      </Text>
    );
  }
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar src={avatar} name={nome} size={size} color="initials" />
      <Text size="sm" truncate>
        {nome}
      </Text>
    </Group>
  );
}
