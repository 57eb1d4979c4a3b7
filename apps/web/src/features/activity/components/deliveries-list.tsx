import { ENVIO_STATE_LABELS, type Envio, type EnvioState } from '@eproto/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconDeviceMobileMessage, IconRefresh } from '@tabler/icons-react';

import type { ListColumn } from '../../../components/list-page.tsx';
import { dayjs } from '../../../lib/dates.ts';

const STATE_COLORS: Record<EnvioState, string> = {
  na_fila: 'blue',
  enviado: 'teal',
  falhou: 'red',
};

const when = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '—');

/** What a row's "Reenviar" needs: the call and which row is being resent. */
export interface RetryProps {
  onRetry: (e: Envio) => void;
  retrying: string | null;
}

function Kind({ e }: { e: Envio }) {
  const Icon = e.tipo === 'email' ? IconMail : IconDeviceMobileMessage;
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden />
      <Text size="sm">{e.tipo === 'email' ? 'E-mail' : 'Push'}</Text>
    </Group>
  );
}

function State({ e }: { e: Envio }) {
  return (
    <Badge variant="light" color={STATE_COLORS[e.estado]} radius="sm" tt="none">
      {ENVIO_STATE_LABELS[e.estado]}
    </Badge>
  );
}

function Retry({ e, onRetry, retrying }: { e: Envio } & RetryProps) {
  if (e.estado !== 'falhou') return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      loading={retrying === e.id}
      onClick={() => onRetry(e)}
      aria-label={`Reenviar ${e.tipo === 'email' ? 'e-mail' : 'push'} para ${e.destino}`}
    >
      Reenviar
    </Button>
  );
}

function LastError({ e }: { e: Envio }) {
  if (!e.erro) return <Text size="sm">—</Text>;
  return (
    <Text
      size="sm"
      c="red"
      lineClamp={3}
      title={e.erro}
      miw={200}
      style={{ wordBreak: 'break-word' }}
    >
      {e.erro}
    </Text>
  );
}

/** The deliveries' columns from tablets up. */
export function deliveryColumns(retry: RetryProps): ListColumn<Envio>[] {
  return [
    { header: 'Tipo', w: 100, nowrap: true, cell: (e) => <Kind e={e} /> },
    {
      header: 'Destinatário',
      maw: 200,
      cell: (e) => (
        <Text size="sm" truncate="end" title={e.destino}>
          {e.destino}
        </Text>
      ),
    },
    {
      header: 'Assunto / título',
      maw: 220,
      cell: (e) => (
        <Text size="sm" lineClamp={2} title={e.assunto} miw={140}>
          {e.assunto}
        </Text>
      ),
    },
    { header: 'Situação', w: 100, nowrap: true, cell: (e) => <State e={e} /> },
    {
      header: 'Tentativas',
      w: 90,
      right: true,
      cell: (e) => <Text size="sm">{e.tentativas}</Text>,
    },
    // The error is what a TI reads a failed row for: it gets the widest column.
    {
      header: 'Último erro',
      cell: (e) => (
        <Stack gap={6} align="flex-start">
          <LastError e={e} />
          <Retry e={e} {...retry} />
        </Stack>
      ),
    },
    {
      header: 'Criado / atualizado',
      w: 150,
      nowrap: true,
      cell: (e) => (
        <>
          <Text size="sm">{when(e.criado_em)}</Text>
          <Text size="xs" c="dimmed">
            {when(e.atualizado_em)}
          </Text>
        </>
      ),
    },
  ];
}

/** A delivery on a phone: kind and state, recipient and subject, then attempts, error, dates. */
export function DeliveryCard({ e, ...retry }: { e: Envio } & RetryProps) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Kind e={e} />
        <State e={e} />
      </Group>
      <Text size="sm" fw={600} mt={6} style={{ wordBreak: 'break-word' }}>
        {e.destino}
      </Text>
      <Text size="sm" lineClamp={2}>
        {e.assunto}
      </Text>
      {e.erro && (
        <Text size="xs" c="red" mt={4} style={{ wordBreak: 'break-word' }}>
          {e.erro}
        </Text>
      )}
      <Group justify="space-between" mt={6} gap="xs" align="center">
        <Text size="xs" c="dimmed">
          {`Criado ${when(e.criado_em)} · ${e.tentativas === 1 ? '1 tentativa' : `${e.tentativas} tentativas`}`}
        </Text>
        <Retry e={e} {...retry} />
      </Group>
    </>
  );
}
