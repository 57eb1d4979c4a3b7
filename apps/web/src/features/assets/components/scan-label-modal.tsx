import { assetPagePath } from '@eproto/domain';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCameraOff, IconKeyboard, IconQrcode } from '@tabler/icons-react';
import type QrScanner from 'qr-scanner';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { lookupScanned, lookupTyped, type LabelLookup } from '../api/label-lookup.ts';

// The typed tag's form validates with zod: it loads when typing starts, not with the camera.
const ScanLabelTypedForm = lazy(() => import('./scan-label-typed-form.tsx'));

type Camera = 'starting' | 'on' | 'denied' | 'none' | 'off';

const CAMERA_TEXT: Partial<Record<Camera, { title: string; text: string }>> = {
  denied: {
    title: 'Não foi possível abrir a câmera',
    text: 'O navegador não deixou o E-Proto usar a câmera (permissão negada ou câmera em uso por outro aplicativo). Libere a câmera nas permissões do site, ou digite a tag impressa na etiqueta.',
  },
  none: {
    title: 'Nenhuma câmera disponível',
    text: 'Este aparelho não tem câmera que o navegador possa usar. Digite a tag impressa na etiqueta.',
  },
};

/**
 * Why the camera did not open. qr-scanner's start() reports every failure as "Camera not found.",
 * so ask the browser: no camera at all, or one it would not hand over (permission refused, or
 * the camera busy in another app).
 */
async function cameraFailure(hasCamera: () => Promise<boolean>): Promise<Camera> {
  if (!navigator.mediaDevices?.getUserMedia) return 'none';
  return (await hasCamera().catch(() => false)) ? 'denied' : 'none';
}

/**
 * "Ler etiqueta": the phone's camera reads an asset's QR label (qr-scanner: the browser's
 * BarcodeDetector where it has one, else its own decoder in a worker) and the asset's page
 * opens. A QR that is not an E-Proto label, or an asset of a contract that is not the person's,
 * shows why and keeps reading; no camera (or no permission) leaves "Digitar código".
 */
export default function ScanLabelModal({ onClose }: { onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<QrScanner | null>(null);
  const busy = useRef(false);
  const [camera, setCamera] = useState<Camera>('starting');
  const [typing, setTyping] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [choices, setChoices] = useState<Extract<LabelLookup, { kind: 'choose' }>['items']>([]);

  const open = (id: number) => {
    onClose();
    void navigate(assetPagePath(id));
  };

  const settle = (r: LabelLookup) => {
    if (r.kind === 'asset') return open(r.id);
    if (r.kind === 'choose') {
      setMessage(null);
      setChoices(r.items);
      return;
    }
    setChoices([]);
    setMessage(r.message);
  };

  const run = async (lookup: () => Promise<LabelLookup>) => {
    busy.current = true;
    setLooking(true);
    try {
      settle(await lookup());
    } catch (e) {
      setMessage(e instanceof Error ? e.message : 'Não foi possível consultar a etiqueta.');
    } finally {
      busy.current = false;
      setLooking(false);
    }
  };

  useEffect(() => {
    let cancelled = false;
    let last = '';
    void import('qr-scanner')
      .then(async ({ default: Scanner }) => {
        if (cancelled || !video.current) return;
        const s = new Scanner(
          video.current,
          (result) => {
            // The same QR is read many times a second: look it up once, until another one shows.
            if (busy.current || result.data === last) return;
            last = result.data;
            void run(() => lookupScanned(result.data));
          },
          { preferredCamera: 'environment', returnDetailedScanResult: true, maxScansPerSecond: 8 },
        );
        scanner.current = s;
        try {
          await s.start();
          if (!cancelled) setCamera('on');
        } catch {
          const why = await cameraFailure(() => Scanner.hasCamera());
          if (!cancelled) {
            setCamera(why);
            setTyping(true);
          }
        }
      })
      .catch(() => {
        if (!cancelled) {
          setCamera('none');
          setTyping(true);
        }
      });
    return () => {
      cancelled = true;
      scanner.current?.destroy();
      scanner.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- started once per opening
  }, []);

  const failed = CAMERA_TEXT[camera];

  return (
    <Modal opened onClose={onClose} title="Ler etiqueta" fullScreen={phone} size="md">
      <Stack gap="sm">
        {failed ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconCameraOff size={18} />}
            title={failed.title}
          >
            {failed.text}
          </Alert>
        ) : (
          <Box
            pos="relative"
            style={{
              borderRadius: 12,
              overflow: 'hidden',
              background: '#000',
              aspectRatio: '1 / 1',
              maxHeight: phone ? '55vh' : 360,
              marginInline: 'auto',
              width: '100%',
            }}
          >
            <video
              ref={video}
              muted
              playsInline
              aria-label="Imagem da câmera"
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
            {camera === 'starting' && (
              <Group pos="absolute" inset={0} justify="center" c="white" gap="xs">
                <Loader size="sm" color="white" />
                <Text size="sm">Abrindo a câmera…</Text>
              </Group>
            )}
          </Box>
        )}
        {camera === 'on' && (
          <Text size="sm" c="dimmed" ta="center">
            <IconQrcode size={16} style={{ verticalAlign: 'text-bottom' }} /> Aponte para o QR da
            etiqueta do equipamento.
          </Text>
        )}
        <div aria-live="polite">
          {looking && (
            <Group gap="xs" justify="center">
              <Loader size="xs" />
              <Text size="sm">Procurando o ativo…</Text>
            </Group>
          )}
          {message && !looking && (
            <Alert color="red" variant="light" data-testid="scan-message">
              {message}
            </Alert>
          )}
        </div>
        {choices.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Mais de um ativo com esta tag. Qual deles?
            </Text>
            {choices.map((c) => (
              <UnstyledButton
                key={c.id}
                onClick={() => open(c.id)}
                p="sm"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
              >
                <Text fw={700} ff="monospace" size="sm">
                  {c.tag}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.contrato}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
        {typing ? (
          <Suspense fallback={<Skeleton height={82} radius="sm" />}>
            <ScanLabelTypedForm
              looking={looking}
              onLookup={(typed) => void run(() => lookupTyped(typed))}
            />
          </Suspense>
        ) : (
          <Button
            variant="default"
            leftSection={<IconKeyboard size={18} />}
            onClick={() => setTyping(true)}
          >
            Digitar código
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
