import type { ChatUpload } from '@eproto/domain';
import { ActionIcon, CloseButton, FileButton, Group, Progress, Text, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend2 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import type { MentionPerson } from '../../../components/mention-suggestions.tsx';
import { MentionTextarea } from '../../../components/mention-textarea.tsx';
import { useMentionInput } from '../../../components/use-mention-input.ts';
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
  const box = useMentionInput(people, () => send());
  const [upload, setUpload] = useState<Upload | null>(null);

  const { clear } = box;
  useEffect(() => {
    clear();
    setUpload((u) => {
      u?.abort.abort();
      return null;
    });
  }, [draftKey, clear]);

  const send = () => {
    const content = box.text.trim();
    const file = upload?.result ?? null;
    if (upload && !file) return;
    if (!content && !file) return;
    const mentions = box.mentionsIn(content);
    box.clear();
    setUpload(null);
    onSend({ content, mentions, file }).catch(() => {
      // The toast came from the mutation; give the text back so nothing typed is lost.
      box.setText((now) => (now === '' ? content : now));
    });
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

  const canSend = (box.text.trim() !== '' || upload?.result) && !(upload && !upload.result);

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
        <MentionTextarea
          box={box}
          placeholder={placeholder}
          minRows={1}
          maxRows={6}
          radius="lg"
          maxLength={4000}
        />
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
