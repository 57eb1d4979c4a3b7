import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconArrowUp, IconPlayerStopFilled } from '@tabler/icons-react';
import { ASSISTANT_MESSAGE_MAX } from '@eproto/domain';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';

import classes from './assistant.module.css';
import { Textarea } from '../../../components/text-fields.tsx';

export interface ComposerHandle {
  /** Puts a question back in the box (after a refusal) and focuses it. */
  restore: (text: string) => void;
}

interface ChatComposerProps {
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
}

/** Question box: Enter sends, Shift+Enter breaks the line; while answering, a stop button. */
export const ChatComposer = forwardRef<ComposerHandle, ChatComposerProps>(function ChatComposer(
  { busy, onSend, onStop },
  ref,
) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => ({
    restore: (t: string) => {
      setText(t);
      input.current?.focus();
    },
  }));

  const submit = () => {
    const value = text.trim();
    if (!value || busy) return;
    onSend(value);
    setText('');
  };

  return (
    <div className={classes.composerWrap}>
      <div className={classes.composer}>
        <Textarea
          ref={input}
          count="near"
          className={classes.composerInput}
          variant="unstyled"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={ASSISTANT_MESSAGE_MAX}
          placeholder="Pergunte sobre demandas, tarefas, agenda, EPI ou frota…"
          aria-label="Pergunta ao assistente"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        {busy ? (
          <Tooltip label="Parar resposta">
            <ActionIcon
              size={34}
              radius="xl"
              color="red"
              onClick={onStop}
              aria-label="Parar resposta"
            >
              <IconPlayerStopFilled size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <ActionIcon
            size={34}
            radius="xl"
            onClick={submit}
            disabled={!text.trim()}
            aria-label="Enviar pergunta"
          >
            <IconArrowUp size={18} />
          </ActionIcon>
        )}
      </div>
      <Text size="xs" c="dimmed" ta="center" mt={6} visibleFrom="sm">
        O assistente consulta apenas o que você pode ver no E-Proto. Ações só acontecem depois que
        você confirmar.
      </Text>
    </div>
  );
});
