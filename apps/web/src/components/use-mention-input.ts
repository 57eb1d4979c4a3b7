import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';

import { matchPeople, mentionQueryAt } from '../lib/mentions.ts';
import type { MentionPerson } from './mention-suggestions.tsx';

/**
 * The text of a message box with "@" mentions: what is typed, the people offered for the
 * "@query" before the caret (arrows move, Enter or Tab picks, Escape closes), and who was picked.
 * Enter with no suggestion open calls `onEnter` (Shift+Enter breaks the line). Used by the
 * demand/task box and the chat box, which add sending (and files) around it.
 */
export function useMentionInput<P extends MentionPerson>(
  people: readonly P[],
  onEnter: () => void,
) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<P[]>([]);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes after a pick, set as soon as the new text is in the box: a frame later,
  // a key typed in between went to the end of the text (the box had put the caret there).
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const pos = pendingCaret.current;
    if (pos === null) return;
    pendingCaret.current = null;
    input.current?.focus();
    input.current?.setSelectionRange(pos, pos);
  });
  // stable, so a box can clear itself from an effect (a new conversation)
  const clear = useCallback(() => {
    setText('');
    setPicked([]);
  }, []);

  const query = mentionQueryAt(text, caret);
  const suggestions =
    query && query.start !== dismissedAt ? matchPeople(people, query.query).slice(0, 6) : [];

  const pick = (person: P) => {
    if (!query) return;
    const next = `${text.slice(0, query.start)}@${person.nome} ${text.slice(caret)}`;
    const pos = query.start + person.nome.length + 2;
    setText(next);
    setPicked((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
    setActive(0);
    setCaret(pos);
    pendingCaret.current = pos;
  };

  /** Handles the suggestion keys; true when the key was used (the box must not send). */
  const onMentionKey = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (suggestions.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
      return true;
    }
    if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      const person = suggestions[Math.min(active, suggestions.length - 1)];
      if (person) pick(person);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      setDismissedAt(query?.start ?? null);
      return true;
    }
    return false;
  };

  return {
    text,
    setText,
    suggestions,
    active,
    setActive,
    pick,
    /** Props for the Textarea: its ref, value, caret tracking and keys. */
    inputProps: {
      ref: input,
      value: text,
      onChange: (e: ChangeEvent<HTMLTextAreaElement>) => {
        setText(e.currentTarget.value);
        setCaret(e.currentTarget.selectionStart);
        setActive(0);
      },
      onSelect: (e: SyntheticEvent<HTMLTextAreaElement>) =>
        setCaret(e.currentTarget.selectionStart),
      onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => {
        if (onMentionKey(e)) return;
        if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          onEnter();
        }
      },
    },
    /** Ids of the picked people still named in `content`. */
    mentionsIn: (content: string) =>
      picked.filter((p) => content.includes(`@${p.nome}`)).map((p) => p.id),
    /** Empties the box (after sending or when the conversation changes). */
    clear,
  };
}

export type MentionInput<P extends MentionPerson> = ReturnType<typeof useMentionInput<P>>;
