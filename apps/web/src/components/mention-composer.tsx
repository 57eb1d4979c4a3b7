import type { UserRef } from '@eproto/domain';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconSend2 } from '@tabler/icons-react';

import { MentionTextarea } from './mention-textarea.tsx';
import { useMentionInput } from './use-mention-input.ts';

interface Props {
  people: UserRef[];
  sending: boolean;
  onSend: (texto: string, mentions: number[]) => Promise<unknown>;
}

/**
 * Message box of a demand or a task: Enter sends, Shift+Enter breaks the line, typing "@" offers
 * the people who can see the demand; the picked ones are sent as mentions and get notified.
 */
export function MentionComposer({ people, sending, onSend }: Props) {
  const box = useMentionInput(people, () => send());

  const send = () => {
    const texto = box.text.trim();
    if (!texto || sending) return;
    const mentions = box.mentionsIn(texto);
    box.clear();
    onSend(texto, mentions).catch(() => {
      // The toast came from the mutation; give the text back so nothing typed is lost.
      box.setText((now) => (now === '' ? texto : now));
    });
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <MentionTextarea
        box={box}
        placeholder="Escreva uma mensagem. Use @ para mencionar alguém."
        minRows={2}
        maxRows={8}
        maxLength={5000}
      />
      <Tooltip label="Enviar (Enter)">
        <ActionIcon
          size={42}
          radius="md"
          onClick={send}
          disabled={box.text.trim() === ''}
          loading={sending}
          aria-label="Enviar mensagem"
        >
          <IconSend2 size={20} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
