import '../../../lib/zod-locale.ts';

import type { AssistantConversation } from '@eproto/domain';
import { assistantConversationRenameBody, textMaxLength } from '@eproto/domain';
import { Button, Group, Modal } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';

import { TextInput } from '../../../components/text-fields.tsx';
import { useRenameConversation } from '../api/rename-conversation.ts';

interface RenameModalProps {
  conversation: AssistantConversation | null;
  onClose: () => void;
}

/** Renames a conversation: the domain's assistantConversationRenameBody (1 to 100 characters). */
export function RenameModal({ conversation, onClose }: RenameModalProps) {
  const rename = useRenameConversation();
  const form = useForm({
    resolver: zodResolver(assistantConversationRenameBody),
    defaultValues: { titulo: '' },
  });
  const { reset } = form;
  useEffect(() => reset({ titulo: conversation?.titulo ?? '' }), [conversation, reset]);

  const save = form.handleSubmit(({ titulo }) => {
    if (!conversation) return;
    rename.mutate({ id: conversation.id, titulo });
    onClose();
  });

  return (
    <Modal opened={conversation !== null} onClose={onClose} title="Renomear conversa" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(e);
        }}
      >
        <TextInput
          label="Nome da conversa"
          maxLength={textMaxLength(assistantConversationRenameBody, 'titulo')}
          {...form.register('titulo')}
          error={form.formState.errors.titulo?.message}
          data-autofocus
          required
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit">Salvar</Button>
        </Group>
      </form>
    </Modal>
  );
}
