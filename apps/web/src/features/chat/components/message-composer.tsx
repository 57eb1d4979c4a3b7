import type { ChatUpload } from '@eproto/domain';
import {
  ActionIcon,
  CloseButton,
  FileButton,
  Group,
  Progress,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPaperclip, IconSend2 } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

import {
  MentionSuggestions,
  type MentionPerson,
} from '../../../components/mention-suggestions.tsx';
import { matchPeople, mentionQueryAt } from '../../../lib/mentions.ts';
import { toastError } from '../../../lib/toast.ts';
import { uploadChatFile } from '../api/upload-file.ts';

import classes from './chat.module.css';

export interface OutgoingMessage {
  content: string;
  mentions: number[];
  file: ChatUpload | null;
}

interface MessageComposerProps {
  /** Changes with the conversation: the draft and attachment start over. */
  draftKey: string;
  people: MentionPerson[];
  placeholder: string;
  onSend: (message: OutgoingMessage) => Promise<unknown>;
}

interface Upload {
  name: string;
  progress: number;
  result: ChatUpload | null;
  abort: AbortController;
}

const ACCEPT =
  'image/*,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.csv,.txt,.zip,.kml,.kmz,.mp4,.mov';

/**
 * Message box: Enter sends, Shift+Enter breaks the line, "@" offers people to mention, the
 * clip uploads a file at once with a progress bar and sends it with the next message.
 */
export function MessageComposer({ draftKey, people, placeholder, onSend }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<MentionPerson[]>([]);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    setText('');
    setPicked([]);
    setUpload((u) => {
      u?.abort.abort();
      return null;
    });
  }, [draftKey]);

  const query = mentionQueryAt(text, caret);
  const suggestions =
    query && query.start !== dismissedAt ? matchPeople(people, query.query).slice(0, 6) : [];

  const pick = (person: MentionPerson) => {
    if (!query) return;
    const next = `${text.slice(0, query.start)}@${person.nome} ${text.slice(caret)}`;
    const pos = query.start + person.nome.length + 2;
    setText(next);
    setPicked((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
    setActive(0);
    requestAnimationFrame(() => {
      input.current?.setSelectionRange(pos, pos);
      setCaret(pos);
    });
  };

  const send = () => {
    const content = text.trim();
    const file = upload?.result ?? null;
    if (upload && !file) return;
    if (!content && !file) return;
    const mentions = picked.filter((p) => content.includes(`@${p.nome}`)).map((p) => p.id);
    setText('');
    setPicked([]);
    setUpload(null);
    onSend({ content, mentions, file }).catch(() => {
      // The toast came from the mutation; give the text back so nothing typed is lost.
      setText((now) => (now === '' ? content : now));
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
        pick(suggestions[Math.min(active, suggestions.length - 1)]!);
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

  const attach = (file: File | null) => {
    if (!file) return;
    upload?.abort.abort();
    const abort = new AbortController();
    setUpload({ name: file.name, progress: 0, result: null, abort });
    uploadChatFile(
      file,
      (progress) => setUpload((u) => (u && u.abort === abort ? { ...u, progress } : u)),
      abort.signal,
    )
      .then((result) =>
        setUpload((u) => (u && u.abort === abort ? { ...u, progress: 1, result } : u)),
      )
      .catch((error: unknown) => {
        setUpload((u) => (u && u.abort === abort ? null : u));
        if (error instanceof DOMException && error.name === 'AbortError') return;
        toastError(error instanceof Error ? error.message : 'Não foi possível enviar o arquivo.');
      });
  };

  const canSend = (text.trim() !== '' || upload?.result) && !(upload && !upload.result);

  return (
    <div className={classes.composer}>
      {upload && (
        <Group gap="xs" mb={6} wrap="nowrap" aria-live="polite">
          <IconPaperclip size={16} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text size="xs" truncate="end">
              {upload.name}
              {upload.result
                ? ' — pronto para enviar'
                : ` — enviando ${Math.round(upload.progress * 100)}%`}
            </Text>
            <Progress
              value={upload.progress * 100}
              size="sm"
              color={upload.result ? 'teal' : 'brand'}
              aria-label="Progresso do envio"
              animated={!upload.result}
            />
          </div>
          <CloseButton
            size="sm"
            aria-label="Remover anexo"
            onClick={() => {
              upload.abort.abort();
              setUpload(null);
            }}
          />
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={attach} accept={ACCEPT}>
          {(buttonProps) => (
            <Tooltip label="Anexar arquivo">
              <ActionIcon
                {...buttonProps}
                variant="subtle"
                color="gray"
                size="lg"
                aria-label="Anexar arquivo"
              >
                <IconPaperclip size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
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
            placeholder={placeholder}
            aria-label="Mensagem"
            autosize
            minRows={1}
            maxRows={6}
            radius="lg"
            maxLength={4000}
          />
        </div>
        <Tooltip label="Enviar (Enter)">
          <ActionIcon
            size="lg"
            radius="xl"
            onClick={send}
            disabled={!canSend}
            aria-label="Enviar mensagem"
          >
            <IconSend2 size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}
