import type { PushDevice } from '@eproto/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconDeviceMobile,
  IconLock,
  IconTrash,
  IconAlertTriangle,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { formatDate, fromNow } from '../../../lib/dates.ts';
import { useEnablePush } from '../api/enable-push.ts';
import { usePushDevices } from '../api/get-push-devices.ts';
import { useRemovePushDevice } from '../api/remove-push-device.ts';
import { currentPushSubscription, pushSupport } from '../lib/browser-push.ts';

type State = 'checking' | 'on' | 'off' | 'denied' | 'unsupported';

const STATES: Record<Exclude<State, 'checking'>, { label: string; color: string; hint: string }> = {
  on: {
    label: 'Ativado neste aparelho',
    color: 'teal',
    hint: 'Este aparelho recebe os avisos mesmo com o E-Proto fechado.',
  },
  off: {
    label: 'Desativado neste aparelho',
    color: 'gray',
    hint: 'Toque em ativar e permita as notificações quando o navegador perguntar.',
  },
  denied: {
    label: 'Bloqueado pelo navegador',
    color: 'orange',
    hint: 'Libere as notificações nas configurações do site (o cadeado ao lado do endereço) e recarregue a página.',
  },
  unsupported: {
    label: 'Não suportado neste navegador',
    color: 'gray',
    hint: 'No iPhone, adicione o E-Proto à Tela de Início (Compartilhar → Adicionar à Tela de Início) e abra por lá.',
  },
};

function DeviceRow({
  device,
  current,
  onRemove,
  removing,
}: {
  device: PushDevice;
  current: boolean;
  onRemove: () => void;
  removing: boolean;
}) {
  const failedLast =
    device.last_failure_at !== null &&
    (device.last_success_at === null || device.last_failure_at > device.last_success_at);
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={device.device_label}>
      <Group gap="sm" wrap="nowrap" align="center">
        <ThemeIcon variant="light" radius="xl" size="lg" color={current ? 'teal' : 'gray'}>
          <IconDeviceMobile size={18} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm">
              {device.device_label}
            </Text>
            {current && (
              <Badge size="xs" variant="light" color="teal">
                Este aparelho
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Ativado em {formatDate(device.created_at)}
            {device.last_success_at && ` · último aviso ${fromNow(device.last_success_at)}`}
          </Text>
          {failedLast && (
            <Text size="xs" c="orange">
              O último envio falhou {fromNow(device.last_failure_at!)}.
            </Text>
          )}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Remover ${device.device_label}`}
          loading={removing}
          onClick={onRemove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** "Notificações no celular": this browser's opt-in and the person's devices. */
export function PushDevices() {
  const devices = usePushDevices();
  const enable = useEnablePush();
  const remove = useRemovePushDevice();
  const [support, setSupport] = useState(pushSupport);
  // undefined while this browser's own subscription is being read.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    currentPushSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [devices.data]);

  // This device first, then the others by when they were turned on.
  const items = [...(devices.data?.items ?? [])].sort(
    (a, b) => Number(b.endpoint === endpoint) - Number(a.endpoint === endpoint),
  );
  const mine = items.find((d) => d.endpoint === endpoint);
  const state: State =
    support === 'unsupported'
      ? 'unsupported'
      : support === 'denied'
        ? 'denied'
        : endpoint === undefined || devices.isPending
          ? 'checking'
          : mine
            ? 'on'
            : 'off';
  const shown = state === 'checking' ? null : STATES[state];

  const turnOn = () =>
    enable.mutate(undefined, {
      onSettled: (device) => {
        setSupport(pushSupport());
        if (device) setEndpoint(device.endpoint);
      },
    });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" aria-live="polite">
        {shown ? (
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="xl" size="lg" color={shown.color}>
                {state === 'on' ? (
                  <IconBell size={18} />
                ) : state === 'denied' ? (
                  <IconLock size={18} />
                ) : (
                  <IconBellOff size={18} />
                )}
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} data-testid="push-state">
                  {shown.label}
                </Text>
                <Text size="sm" c="dimmed">
                  {shown.hint}
                </Text>
              </Stack>
            </Group>
            {state === 'off' && (
              <Button
                leftSection={<IconBell size={18} />}
                onClick={turnOn}
                loading={enable.isPending}
                style={{ alignSelf: 'flex-start' }}
              >
                Ativar neste aparelho
              </Button>
            )}
            {state === 'on' && mine && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconBellOff size={18} />}
                onClick={() => remove.mutate(mine)}
                loading={remove.isPending && remove.variables?.id === mine.id}
                style={{ alignSelf: 'flex-start' }}
              >
                Desativar neste aparelho
              </Button>
            )}
          </Stack>
        ) : (
          <Skeleton
            height={48}
            radius="md"
            role="status"
            aria-label="Verificando este aparelho..."
          />
        )}
      </Paper>

      <Stack gap="xs">
        <Text fw={600} size="sm">
          Seus aparelhos
        </Text>
        {devices.isPending ? (
          <Skeleton height={56} radius="md" role="status" aria-label="Carregando aparelhos..." />
        ) : devices.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Text size="sm" mb="xs">
              {devices.error.message}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void devices.refetch()}>
              Tentar novamente
            </Button>
          </Alert>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum aparelho recebe notificações ainda.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((d) => (
              <DeviceRow
                key={d.id}
                device={d}
                current={d.endpoint === endpoint}
                removing={remove.isPending && remove.variables?.id === d.id}
                onRemove={() => remove.mutate(d)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
