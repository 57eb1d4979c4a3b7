import { Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconDownload } from '@tabler/icons-react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { ListError } from '../../../components/list-states.tsx';
import { dayKey, dayLabel } from '../utils/chat-dates.ts';
import { MessageBubble, type ChatItem } from './message-bubble.tsx';
import classes from './chat.module.css';

interface MessageListProps {
  /** Changes when another conversation opens (scrolls to its newest message). */
  conversationKey: string;
  messages: ChatItem[];
  me: number;
  showSender: boolean;
  showReceipt: boolean;
  mentionNames: readonly string[];
  /** The pages' query: loading, error and retry, older pages. */
  query: Pick<
    UseInfiniteQueryResult,
    'isPending' | 'isError' | 'refetch' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
  >;
  emptyText: string;
}

const NEAR_BOTTOM_PX = 80;
const NEAR_TOP_PX = 160;

interface Snapshot {
  key: string;
  firstId: number | undefined;
  lastId: number | undefined;
  height: number;
  top: number;
}

/**
 * The messages of a conversation with day separators. Opens at the newest message, stays at
 * the bottom while new ones arrive (unless the person scrolled up to read), loads older pages
 * when scrolled near the top and keeps the reading position when they are added above.
 */
export function MessageList(props: MessageListProps) {
  const { messages, query } = props;
  const { hasNextPage: hasOlder, isFetchingNextPage: loadingOlder } = query;
  const onLoadOlder = () => void query.fetchNextPage();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const snapshot = useRef<Snapshot | null>(null);
  const [newBelow, setNewBelow] = useState(false);
  const [image, setImage] = useState<ChatItem | null>(null);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setNewBelow(false);
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const firstId = messages[0]?.id;
    const lastId = messages.at(-1)?.id;
    const prev = snapshot.current;
    if (!prev || prev.key !== props.conversationKey || prev.lastId === undefined) {
      toBottom();
    } else if (firstId !== prev.firstId && lastId === prev.lastId) {
      // Older messages were added above: keep the same message under the reader's eyes.
      el.scrollTop = prev.top + (el.scrollHeight - prev.height);
    } else if (lastId !== prev.lastId) {
      const mine = messages.at(-1)?.senderId === props.me;
      if (atBottom.current || mine) toBottom();
      else setNewBelow(true);
    }
    snapshot.current = {
      key: props.conversationKey,
      firstId,
      lastId,
      height: el.scrollHeight,
      top: el.scrollTop,
    };
  }, [messages, props.conversationKey, props.me, toBottom]);

  // Images and files change the height after render: stay at the bottom if we were there.
  useEffect(() => {
    const inner = content.current;
    if (!inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) toBottom();
      const el = scroller.current;
      if (el && snapshot.current) {
        snapshot.current = { ...snapshot.current, height: el.scrollHeight, top: el.scrollTop };
      }
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, [toBottom]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom.current) setNewBelow(false);
    if (snapshot.current) snapshot.current = { ...snapshot.current, top: el.scrollTop };
    if (el.scrollTop < NEAR_TOP_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      <div
        ref={scroller}
        className={classes.messages}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label="Mensagens"
        data-testid="chat-messages"
      >
        <div ref={content} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          {query.isPending ? (
            <Center py="xl">
              <Loader size="sm" aria-label="Carregando..." />
            </Center>
          ) : query.isError ? (
            <ListError
              message="Não foi possível carregar as mensagens."
              onRetry={() => void query.refetch()}
            />
          ) : messages.length === 0 ? (
            <Stack align="center" gap={4} py="xl">
              <Text c="dimmed" size="sm" ta="center">
                {props.emptyText}
              </Text>
            </Stack>
          ) : (
            <>
              {hasOlder && (
                <Center py={4}>
                  <Button variant="subtle" size="xs" loading={loadingOlder} onClick={onLoadOlder}>
                    Carregar mensagens anteriores
                  </Button>
                </Center>
              )}
              {messages.map((m, i) => {
                const prev = messages[i - 1];
                const day = dayKey(m.createdAt);
                const newDay = !prev || dayKey(prev.createdAt) !== day;
                const firstOfRun = newDay || prev?.senderId !== m.senderId;
                return (
                  <Fragment key={m.id}>
                    {newDay && (
                      <div className={classes.daySeparator} role="separator">
                        {dayLabel(day)}
                      </div>
                    )}
                    <MessageBubble
                      message={m}
                      mine={m.senderId === props.me}
                      showSender={props.showSender && firstOfRun}
                      indent={props.showSender}
                      showReceipt={props.showReceipt}
                      mentionNames={props.mentionNames}
                      onOpenImage={setImage}
                    />
                  </Fragment>
                );
              })}
            </>
          )}
        </div>
      </div>
      {newBelow && (
        <Button
          size="xs"
          radius="xl"
          leftSection={<IconArrowDown size={14} />}
          onClick={toBottom}
          style={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)' }}
        >
          Novas mensagens
        </Button>
      )}
      <Modal
        opened={image !== null}
        onClose={() => setImage(null)}
        title={image?.fileName ?? 'Imagem'}
        size="auto"
      >
        {image?.fileUrl && (
          <Stack gap="sm" align="center">
            <img
              src={image.fileUrl}
              alt={image.fileName ?? 'Imagem'}
              style={{ maxWidth: 'min(90vw, 1000px)', maxHeight: '75vh', borderRadius: 8 }}
            />
            <Button
              component="a"
              href={image.fileUrl}
              download={image.fileName ?? true}
              variant="light"
              leftSection={<IconDownload size={16} />}
            >
              Baixar
            </Button>
          </Stack>
        )}
      </Modal>
    </div>
  );
}
