import type { UserRef } from '@eproto/domain';
import { ActionIcon, Group, Textarea, Tooltip } from '@mantine/core';
import { IconSend2 } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';

import { matchPeople, mentionQueryAt } from '../lib/mentions.ts';
import { MentionSuggestions } from './mention-suggestions.tsx';

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
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<UserRef[]>([]);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  const query = mentionQueryAt(text, caret);
  const suggestions =
    query && query.start !== dismissedAt ? matchPeople(people, query.query).slice(0, 6) : [];

  const pick = (person: UserRef) => {
    if (!query) return;
    const next = `${text.slice(0, query.start)}@${person.nome} ${text.slice(caret)}`;
    const pos = query.start + person.nome.length + 2;
    setText(next);
    setPicked((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
    setActive(0);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(pos, pos);
      setCaret(pos);
    });
  };

  const send = () => {
    const texto = text.trim();
    if (!texto || sending) return;
    const mentions = picked.filter((p) => texto.includes(`@${p.nome}`)).map((p) => p.id);
    setText('');
    setPicked([]);
    onSend(texto, mentions).catch(() => {
      // The toast came from the mutation; give the text back so nothing typed is lost.
      setText((now) => (now === '' ? texto : now));
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        const person = suggestions[Math.min(active, suggestions.length - 1)];
        if (person) pick(person);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setDismissedAt(query?.start ?? null);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <div style={{ position: 'relative', flex: 1, minWidth: 0 }}>
        {suggestions.length > 0 && (
          <MentionSuggestions
            people={suggestions}
            active={active}
            onPick={pick}
            onHover={setActive}
          />
        )}
        <Textarea
          ref={input}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setCaret(e.currentTarget.selectionStart);
            setActive(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
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
          disabled={text.trim() === ''}
          loading={sending}
          aria-label="Enviar mensagem"
        >
          <IconSend2 size={20} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
