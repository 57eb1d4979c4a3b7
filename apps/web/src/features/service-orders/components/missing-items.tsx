import { Alert, List } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';

/** "Faltam: ..." — the required items that still block concluding the OS. */
export function MissingItems({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconListCheck size={18} />}
      title={
        items.length === 1
          ? 'Falta 1 item obrigatório'
          : `Faltam ${items.length} itens obrigatórios`
      }
      data-testid="missing-items"
    >
      <List size="sm" spacing={2}>
        {items.map((t) => (
          <List.Item key={t}>{t}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
