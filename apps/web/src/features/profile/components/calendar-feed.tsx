import { Alert, Badge, Button, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarShare, IconInfoCircle, IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';

import { CopyField } from '../../../components/copy-field.tsx';
import { formatDateTime, fromNow } from '../../../lib/dates.ts';
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/calendar-feed.ts';

/**
 * "Calendário" on /profile: a secret iCal link of the person's agenda, OSs and due dates for
 * Google Agenda or Outlook. The link is shown once, when made; a new one replaces it.
 */
export function CalendarFeed() {
  const query = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  // Only the answer of "Gerar link" holds the URL: it is gone after a reload, by design.
  const [url, setUrl] = useState<string | null>(null);

  if (query.isPending) return <Skeleton height={72} radius="md" />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" title="Erro ao carregar">
        {query.error.message}
      </Alert>
    );
  const feed = query.data;

  const make = () => create.mutate(undefined, { onSuccess: (made) => setUrl(made.url) });
  const confirmReplace = () =>
    modals.openConfirmModal({
      title: 'Gerar novo link',
      children:
        'O link atual deixa de funcionar e as agendas que o assinam param de receber atualizações até você assinar o novo.',
      labels: { confirm: 'Gerar novo link', cancel: 'Cancelar' },
      onConfirm: make,
    });
  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: 'Revogar link do calendário',
      children: 'O link deixa de funcionar na hora. Você pode gerar outro quando quiser.',
      labels: { confirm: 'Revogar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(undefined, { onSuccess: () => setUrl(null) }),
    });

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Badge color={feed.ativo ? 'teal' : 'gray'} variant="light">
          {feed.ativo ? 'Link ativo' : 'Nenhum link ativo'}
        </Badge>
        {feed.ativo && feed.criado_em && (
          <Text size="sm" c="dimmed">
            Gerado em {formatDateTime(feed.criado_em)} ·{' '}
            {feed.ultimo_uso_em
              ? `lido pela última vez ${fromNow(feed.ultimo_uso_em)}`
              : 'ainda não foi lido por nenhuma agenda'}
          </Text>
        )}
      </Group>

      {url && (
        <Stack gap="xs">
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
            Copie o link agora: por segurança ele só é mostrado desta vez. Quem tiver o link vê a
            sua agenda; não o compartilhe.
          </Alert>
          <CopyField label="Link do calendário" value={url} />
          <List size="sm" c="dimmed" spacing={4}>
            <List.Item>
              Google Agenda (no computador): Outras agendas → + → Do URL → cole o link.
            </List.Item>
            <List.Item>Outlook: Adicionar calendário → Assinar da Web → cole o link.</List.Item>
            <List.Item>
              iPhone: Ajustes → Calendário → Contas → Adicionar Conta → Outra → Adicionar Calendário
              Assinado.
            </List.Item>
          </List>
        </Stack>
      )}

      <Group gap="sm" wrap="wrap">
        <Button
          leftSection={feed.ativo ? <IconRefresh size={16} /> : <IconCalendarShare size={16} />}
          variant={feed.ativo ? 'default' : 'filled'}
          loading={create.isPending}
          onClick={feed.ativo ? confirmReplace : make}
        >
          {feed.ativo ? 'Gerar novo link' : 'Gerar link'}
        </Button>
        {feed.ativo && (
          <Button
            color="red"
            variant="subtle"
            leftSection={<IconLinkOff size={16} />}
            loading={revoke.isPending}
            onClick={confirmRevoke}
          >
            Revogar
          </Button>
        )}
      </Group>
    </Stack>
  );
}
