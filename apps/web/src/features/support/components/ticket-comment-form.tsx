import { Button, Group } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';

import { useAddTicketComment } from '../api/add-ticket-comment.ts';
import { Textarea } from '../../../components/text-fields.tsx';

/** Comment box; Ctrl+Enter sends. */
export function TicketCommentForm({ ticketId }: { ticketId: number }) {
  const [texto, setTexto] = useState('');
  const add = useAddTicketComment();
  const send = () => {
    const value = texto.trim();
    if (!value) return;
    add.mutate({ id: ticketId, texto: value }, { onSuccess: () => setTexto('') });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Textarea
        aria-label="Novo comentário"
        count="near"
        placeholder="Escreva um comentário…"
        value={texto}
        onChange={(e) => setTexto(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
        }}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={5000}
      />
      <Group justify="flex-end" mt="xs">
        <Button
          type="submit"
          leftSection={<IconSend size={16} />}
          loading={add.isPending}
          disabled={!texto.trim()}
        >
          Comentar
        </Button>
      </Group>
    </form>
  );
}
