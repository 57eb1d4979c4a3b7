import { Avatar, Group, Text } from '@mantine/core';

import { usePresenceOn } from '../lib/presence/presence-store.ts';

/** "Ana Souza está editando", "Ana Souza e Bruno Lima estão movendo", "… e mais 2 estão …". */
export function presenceText(people: ReadonlyArray<{ nome: string; acao: string }>): string {
  const names = people.map((p) => p.nome);
  const who =
    names.length === 1
      ? names[0]
      : names.length === 2
        ? `${names[0]} e ${names[1]}`
        : `${names[0]} e mais ${names.length - 1}`;
  const moving = people.every((p) => p.acao === 'movendo');
  const verb = names.length === 1 ? 'está' : 'estão';
  return `${who} ${verb} ${moving ? 'movendo' : 'editando'}`;
}

/**
 * Who else is editing or moving a demand right now (push events 'presence'): their avatars
 * and a line of text; nothing when nobody is. `compact` fits a kanban card.
 */
export function PresenceNote({ muralId, compact = false }: { muralId: number; compact?: boolean }) {
  const people = usePresenceOn(muralId);
  if (people.length === 0) return null;
  const text = presenceText(people);
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid="presence-note">
      <Avatar.Group spacing={compact ? 6 : 8}>
        {people.slice(0, 3).map((p) => (
          <Avatar
            key={p.user_id}
            src={p.avatar}
            name={p.nome}
            color="initials"
            radius="xl"
            size={compact ? 20 : 26}
            alt=""
          />
        ))}
      </Avatar.Group>
      <Text
        size={compact ? 'xs' : 'sm'}
        c="var(--mantine-color-orange-text)"
        fw={500}
        lineClamp={1}
        title={text}
      >
        {text}
      </Text>
    </Group>
  );
}
