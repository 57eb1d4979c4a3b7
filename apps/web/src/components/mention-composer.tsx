import type { UserRef } from '@eproto/domain';
import { ActionIcon, Group, Textarea, Tooltip } from '@mantine/core';
import { IconSend2 } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';

import { MentionSuggestions } from './mention-suggestions.tsx';
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
  const box = useMentionInput(people);

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

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (box.onMentionKey(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <div style={{ position: 'relative', flex: 1, minWidth: 0 }}>
        {box.suggestions.length > 0 && (
          <MentionSuggestions
            people={box.suggestions}
            active={box.active}
            onPick={box.pick}
            onHover={box.setActive}
          />
        )}
        <Textarea
          {...box.inputProps}
          onKeyDown={onKeyDown}
          placeholder="Escreva uma mensagem. Use @ para mencionar alguém."
          aria-label="Mensagem"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={5000}
        />
      </div>
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
