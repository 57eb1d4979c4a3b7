import '../../../lib/zod-locale.ts';

import { textMaxLength, ticketCommentBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';

import { useAddTicketComment } from '../api/add-ticket-comment.ts';
import { Textarea } from '../../../components/text-fields.tsx';

/** Comment box, checked by the domain's ticketCommentBody; Ctrl+Enter sends. */
export function TicketCommentForm({ ticketId }: { ticketId: number }) {
  const add = useAddTicketComment();
  const form = useForm({
    resolver: zodResolver(ticketCommentBody),
    defaultValues: { texto: '' },
  });
  const send = form.handleSubmit(({ texto }) =>
    add.mutate({ id: ticketId, texto }, { onSuccess: () => form.reset({ texto: '' }) }),
  );
  return (
    <form noValidate onSubmit={(e) => void send(e)}>
      <Textarea
        aria-label="Novo comentário"
        count="near"
        placeholder="Escreva um comentário…"
        {...form.register('texto')}
        error={form.formState.errors.texto?.message}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
        }}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={textMaxLength(ticketCommentBody, 'texto')}
      />
      <Group justify="flex-end" mt="xs">
        <Button type="submit" leftSection={<IconSend size={16} />} loading={add.isPending}>
          Comentar
        </Button>
      </Group>
    </form>
  );
}
