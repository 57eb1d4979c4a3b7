import { Avatar, Group, Paper, Text, UnstyledButton } from '@mantine/core';

export interface MentionPerson {
  id: number;
  nome: string;
  avatar?: string | null;
  /** Role title, shown under the name when given. */
  rawType?: string | null;
}

interface MentionSuggestionsProps<P extends MentionPerson> {
  people: P[];
  active: number;
  onPick: (person: P) => void;
  onHover: (index: number) => void;
}

/** The list of people offered while typing "@nome" in a message box (demand, task or chat). */
export function MentionSuggestions<P extends MentionPerson>({
  people,
  active,
  onPick,
  onHover,
}: MentionSuggestionsProps<P>) {
  return (
    <Paper
      shadow="lg"
      withBorder
      radius="md"
      p={4}
      role="listbox"
      aria-label="Mencionar pessoa"
      style={{
        position: 'absolute',
        bottom: '100%',
        left: 0,
        marginBottom: 6,
        zIndex: 20,
        width: 'min(320px, 100%)',
      }}
    >
      {people.map((p, i) => (
        <UnstyledButton
          key={p.id}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => {
            // Keep the focus (and the caret) in the text box.
            e.preventDefault();
            onPick(p);
          }}
          onMouseEnter={() => onHover(i)}
          style={{
            display: 'block',
            width: '100%',
            borderRadius: 6,
            padding: '6px 8px',
            background: i === active ? 'var(--mantine-color-default-hover)' : undefined,
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar src={p.avatar ?? null} name={p.nome} color="initials" radius="xl" size={24} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" truncate="end">
                {p.nome}
              </Text>
              {p.rawType && (
                <Text size="xs" c="dimmed" truncate="end">
                  {p.rawType}
                </Text>
              )}
            </div>
          </Group>
        </UnstyledButton>
      ))}
    </Paper>
  );
}
