import type { OsAction, OsDetail } from '@eproto/domain';
import { formatDistance, OS_FINAL_STATUSES } from '@eproto/domain';
import { Box, Button, Group } from '@mantine/core';
import {
  IconCheck,
  IconMapPin,
  IconPlayerPause,
  IconPlayerPlay,
  IconTruck,
} from '@tabler/icons-react';
import { useState } from 'react';

import { toastError, toastInfo, toastSuccess } from '../../../lib/toast.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import type { GeoReading } from '../hooks/use-geolocation.ts';
import { GEO_FAILURE_TEXT, readPosition } from '../hooks/use-geolocation.ts';
import { checkInDistance } from '../utils/check-in.ts';
import { LazyReasonModal as ReasonModal } from './lazy-reason-modal.tsx';

const DONE: Partial<Record<OsAction, string>> = {
  a_caminho: 'Deslocamento registrado.',
  check_in: 'Check-in registrado.',
  pausar: 'OS pausada.',
  retomar: 'OS retomada.',
};

/**
 * The bar's height, from its own CSS: one row of 56 px buttons, `sm` padding above and below
 * (with the safe area under it) and a 1 px border on top. The bar is drawn at this height.
 */
const BAR_HEIGHT = 'calc(56px + 2 * var(--mantine-spacing-sm) + 1px + env(safe-area-inset-bottom))';

/**
 * Publishes the bar's height as --app-bottom-bar-h while it is shown: toasts sit above it and
 * the page scrolls a field or an error above it instead of under it (global.css).
 *
 * A ref callback: set when the bar is attached (in the commit, before the page's first style
 * and layout), undone when it goes. The value is the CSS expression the bar is drawn with, not
 * a measure. Measured, it cost a whole page's style each time: an effect that read
 * `offsetHeight` after every render forced a layout (118 ms of a cold OS on a 4x slower CPU),
 * and a ResizeObserver that set the measure after the first layout made the frame recompute the
 * style of the whole page a second time (21-32 ms at 4x; a property on <html> reaches every
 * element) (issue 33, bench/lib/profile-start.ts).
 */
function publishBottomBarHeight(el: HTMLDivElement | null): (() => void) | undefined {
  if (!el) return undefined;
  const root = document.documentElement.style;
  root.setProperty('--app-bottom-bar-h', BAR_HEIGHT);
  return () => root.removeProperty('--app-bottom-bar-h');
}

/**
 * The big bottom bar of the phone run: the next step of the visit within thumb reach.
 * Each step takes the GPS position (or goes on without it); a check-in more than 300 m
 * from the site asks why.
 */
export function OsActionBar({
  os,
  onConclude,
  locate = readPosition,
}: {
  os: OsDetail;
  onConclude: () => void;
  locate?: () => Promise<GeoReading>;
}) {
  const step = useOsStepMutation(os.id);
  const [busy, setBusy] = useState<OsAction | null>(null);
  const [far, setFar] = useState<{ reading: GeoReading; distancia: number } | null>(null);
  const [pausing, setPausing] = useState(false);

  if (OS_FINAL_STATUSES.includes(os.status) || !os.permissoes.executar) return null;

  const send = async (acao: OsAction, reading: GeoReading, extra: Record<string, string> = {}) => {
    setBusy(acao);
    try {
      const r = await step.mutateAsync({
        tipo: 'etapa',
        body: {
          acao,
          latitude: reading.posicao?.latitude ?? null,
          longitude: reading.posicao?.longitude ?? null,
          precisao_m: reading.posicao?.precisao_m ?? null,
          device_time: reading.em.toISOString(),
          ...extra,
        },
      });
      setFar(null);
      setPausing(false);
      if (reading.falha) toastInfo(GEO_FAILURE_TEXT[reading.falha]);
      else if (r.status === 'sent') toastSuccess(DONE[acao] ?? 'Registrado.');
    } catch (e) {
      toastError(e instanceof Error ? e.message : 'Não foi possível registrar.');
    } finally {
      setBusy(null);
    }
  };

  const run = async (acao: OsAction) => {
    setBusy(acao);
    const reading = await locate();
    if (acao === 'check_in') {
      const { distancia_m, precisaMotivo } = checkInDistance(os, reading.posicao);
      if (precisaMotivo && distancia_m !== null) {
        setBusy(null);
        setFar({ reading, distancia: distancia_m });
        return;
      }
    }
    await send(acao, reading);
  };

  const big = {
    size: 'md',
    h: 56,
    px: 'sm',
    radius: 'md',
    styles: { label: { whiteSpace: 'normal', lineHeight: 1.15, textAlign: 'center' } },
  } as const;
  const buttons = {
    aberta: (
      <>
        <Button
          {...big}
          variant="default"
          leftSection={<IconTruck size={20} />}
          loading={busy === 'a_caminho'}
          disabled={busy !== null}
          onClick={() => void run('a_caminho')}
        >
          Estou a caminho
        </Button>
        <Button
          {...big}
          leftSection={<IconMapPin size={20} />}
          loading={busy === 'check_in'}
          disabled={busy !== null}
          onClick={() => void run('check_in')}
        >
          Cheguei
        </Button>
      </>
    ),
    em_deslocamento: (
      <Button
        {...big}
        leftSection={<IconMapPin size={20} />}
        loading={busy === 'check_in'}
        onClick={() => void run('check_in')}
      >
        Cheguei
      </Button>
    ),
    em_execucao: (
      <>
        <Button
          {...big}
          variant="default"
          leftSection={<IconPlayerPause size={20} />}
          disabled={busy !== null}
          onClick={() => setPausing(true)}
        >
          Pausar
        </Button>
        <Button {...big} color="teal" leftSection={<IconCheck size={20} />} onClick={onConclude}>
          Concluir
        </Button>
      </>
    ),
    pausada: (
      <Button
        {...big}
        leftSection={<IconPlayerPlay size={20} />}
        loading={busy === 'retomar'}
        onClick={() => void run('retomar')}
      >
        Retomar
      </Button>
    ),
  }[os.status as 'aberta' | 'em_deslocamento' | 'em_execucao' | 'pausada'];

  return (
    <>
      <Box
        ref={publishBottomBarHeight}
        data-testid="os-action-bar"
        style={{
          position: 'sticky',
          bottom: 0,
          zIndex: 5,
          boxSizing: 'border-box',
          height: BAR_HEIGHT,
          marginInline: 'calc(var(--mantine-spacing-sm) * -1)',
          padding:
            'var(--mantine-spacing-sm) var(--mantine-spacing-sm) calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))',
          background: 'var(--app-content-bg, var(--mantine-color-body))',
          borderTop: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Group grow gap="sm" maw={720} mx="auto" wrap="nowrap">
          {buttons}
        </Group>
      </Box>
      <ReasonModal
        opened={far !== null}
        title="Check-in longe do local"
        intro={
          far
            ? `Você está a ${formatDistance(far.distancia)} do local da OS (o limite é 300 m). Diga por que o check-in é feito daqui.`
            : undefined
        }
        label="Motivo"
        confirm="Fazer check-in"
        loading={busy === 'check_in'}
        onClose={() => setFar(null)}
        onConfirm={(motivo) =>
          far && void send('check_in', far.reading, { motivo_distancia: motivo })
        }
      />
      <ReasonModal
        opened={pausing}
        title="Pausar a OS"
        label="Motivo da pausa (opcional)"
        confirm="Pausar"
        required={false}
        loading={busy === 'pausar'}
        onClose={() => setPausing(false)}
        onConfirm={(motivo) => {
          void locate().then((r) => send('pausar', r, motivo ? { motivo } : {}));
        }}
      />
    </>
  );
}
