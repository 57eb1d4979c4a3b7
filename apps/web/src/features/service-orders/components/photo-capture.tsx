import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';

import type { GeoReading } from '../hooks/use-geolocation.ts';
import { readPosition } from '../hooks/use-geolocation.ts';
import { stampMetadata, type PhotoStamp } from '../utils/photo-stamp.ts';
import type { PhotoMoment } from './photo-moment.ts';

/** A photo ready to send: the stamped JPEG, its tag, caption and metadata. */
export interface CapturedPhoto {
  blob: Blob;
  momento: PhotoMoment;
  legenda: string;
  meta: ReturnType<typeof stampMetadata>;
}

// Shrinking and stamping (canvas, browser-image-compression) and the preview with its tag and
// caption load with the first photo taken, not with the checklist that shows this button.
const preparePhoto = (file: File, stamp: PhotoStamp) =>
  import('../utils/photo-process.ts').then((m) => m.preparePhoto(file, stamp));
const loadPreview = () => import('./photo-preview.tsx');
const PhotoPreview = lazy(loadPreview);

interface Prepared {
  blob: Blob;
  url: string;
  stamp: PhotoStamp;
}

/**
 * Camera button for an OS: the photo is shrunk on the phone, stamped with the OS number, date,
 * time and position (or "posição não informada"), then shown with the before/after tag and a
 * caption before it is sent. `prepare` and `locate` are replaceable in tests (no canvas there).
 */
export function PhotoCapture({
  osNumero,
  onSend,
  defaultMomento = 'depois',
  label = 'Tirar foto',
  disabled = false,
  prepare = preparePhoto,
  locate = readPosition,
}: {
  osNumero: string;
  onSend: (photo: CapturedPhoto) => Promise<unknown>;
  defaultMomento?: PhotoMoment;
  label?: string;
  disabled?: boolean;
  prepare?: (file: File, stamp: PhotoStamp) => Promise<Blob>;
  locate?: () => Promise<GeoReading>;
}) {
  const inputId = useId();
  const [busy, setBusy] = useState<'preparando' | 'enviando' | null>(null);
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [momento, setMomento] = useState<PhotoMoment>(defaultMomento);
  const [legenda, setLegenda] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (prepared) URL.revokeObjectURL(prepared.url);
    },
    [prepared],
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError('Escolha uma foto (imagem).');
      return;
    }
    setBusy('preparando');
    void loadPreview().catch(() => undefined);
    try {
      const reading = await locate();
      const stamp: PhotoStamp = { osNumero, tiradaEm: reading.em, posicao: reading.posicao };
      const blob = await prepare(file, stamp);
      setPrepared({ blob, url: URL.createObjectURL(blob), stamp });
      setMomento(defaultMomento);
      setLegenda('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível preparar a foto.');
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    if (!prepared) return;
    setBusy('enviando');
    setError(null);
    try {
      await onSend({
        blob: prepared.blob,
        momento,
        legenda: legenda.trim(),
        meta: stampMetadata(prepared.stamp),
      });
      setPrepared(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível enviar a foto.');
    } finally {
      setBusy(null);
    }
  };

  if (prepared) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Carregando" />}>
        <PhotoPreview
          url={prepared.url}
          withoutPosition={!prepared.stamp.posicao}
          momento={momento}
          onMomento={setMomento}
          legenda={legenda}
          onLegenda={setLegenda}
          error={error}
          busy={busy}
          onDiscard={() => setPrepared(null)}
          onSend={() => void send()}
        />
      </Suspense>
    );
  }

  return (
    <Stack gap={6}>
      <Button
        component="label"
        htmlFor={inputId}
        size="md"
        variant="light"
        fullWidth
        leftSection={busy ? <Loader size={18} /> : <IconCamera size={20} />}
        disabled={disabled || busy !== null}
      >
        {busy === 'preparando' ? 'Preparando a foto…' : label}
      </Button>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        disabled={disabled || busy !== null}
        data-testid="photo-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          void onFile(file);
        }}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
