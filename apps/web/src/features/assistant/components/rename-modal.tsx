import type { AssistantConversation } from '@eproto/domain';
import { assistantConversationRenameBody, textMaxLength } from '@eproto/domain';
import { Button, Group, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';

import { useRenameConversation } from '../api/rename-conversation.ts';
import { TextInput } from '../../../components/text-fields.tsx';

interface RenameModalProps {
  conversation: AssistantConversation | null;
  onClose: () => void;
}

/** Renames a conversation (1 to 100 characters). */
export function RenameModal({ conversation, onClose }: RenameModalProps) {
  const rename = useRenameConversation();
  const [titulo, setTitulo] = useState('');
  useEffect(() => setTitulo(conversation?.titulo ?? ''), [conversation]);
  const value = titulo.trim();
  const error = value.length > 100 ? 'Nome com no máximo 100 caracteres.' : null;

  const save = () => {
    if (!conversation || !value || error) return;
    rename.mutate({ id: conversation.id, titulo: value });
    onClose();
  };

  return (
    <Modal opened={conversation !== null} onClose={onClose} title="Renomear conversa" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextInput
          label="Nome da conversa"
          maxLength={textMaxLength(assistantConversationRenameBody, 'titulo')}
          value={titulo}
          onChange={(e) => setTitulo(e.currentTarget.value)}
          error={error}
          data-autofocus
          required
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!value || error !== null}>
            Salvar
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
