import { AVATAR_SIZE_PX } from '@eproto/domain';
import { Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

const VIEW = 260;

interface Props {
  file: File | null;
  onCancel: () => void;
  onCropped: (image: Blob) => void;
  saving: boolean;
}

interface Loaded {
  img: HTMLImageElement;
  url: string;
}

/** Offset that keeps the scaled image covering the square viewport. */
function clamp(value: number, size: number): number {
  return Math.min(0, Math.max(VIEW - size, value));
}

/** Square crop of a chosen picture: drag to position, slider to zoom, exported as a JPEG. */
export function AvatarCropper({ file, onCancel, onCropped, saving }: Props) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [zoom, setZoom] = useState(1);
  const [pos, setPos] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; px: number; py: number } | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      const s = VIEW / Math.min(img.naturalWidth, img.naturalHeight);
      setLoaded({ img, url });
      setZoom(1);
      setPos({ x: (VIEW - img.naturalWidth * s) / 2, y: (VIEW - img.naturalHeight * s) / 2 });
    };
    img.onerror = onCancel;
    img.src = url;
    return () => {
      URL.revokeObjectURL(url);
      setLoaded(null);
    };
  }, [file, onCancel]);

  const base = loaded ? VIEW / Math.min(loaded.img.naturalWidth, loaded.img.naturalHeight) : 1;
  const scale = base * zoom;
  const w = (loaded?.img.naturalWidth ?? 0) * scale;
  const h = (loaded?.img.naturalHeight ?? 0) * scale;

  const changeZoom = (next: number) => {
    // Zoom around the centre of the viewport.
    const ratio = next / zoom;
    const cx = VIEW / 2;
    setZoom(next);
    setPos((p) => ({
      x: clamp(cx - (cx - p.x) * ratio, w * ratio),
      y: clamp(cx - (cx - p.y) * ratio, h * ratio),
    }));
  };

  const save = () => {
    if (!loaded) return;
    const canvas = document.createElement('canvas');
    canvas.width = AVATAR_SIZE_PX;
    canvas.height = AVATAR_SIZE_PX;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
    ctx.imageSmoothingQuality = 'high';
    const side = VIEW / scale;
    ctx.drawImage(
      loaded.img,
      -pos.x / scale,
      -pos.y / scale,
      side,
      side,
      0,
      0,
      AVATAR_SIZE_PX,
      AVATAR_SIZE_PX,
    );
    canvas.toBlob((blob) => blob && onCropped(blob), 'image/jpeg', 0.9);
  };

  return (
    <Modal opened={file !== null} onClose={onCancel} title="Ajustar foto" size="auto">
      <Stack gap="md" align="center">
        <Box
          w={VIEW}
          h={VIEW}
          pos="relative"
          style={{
            overflow: 'hidden',
            borderRadius: '50%',
            cursor: 'grab',
            touchAction: 'none',
            background: 'var(--mantine-color-default-hover)',
          }}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            drag.current = { x: e.clientX, y: e.clientY, px: pos.x, py: pos.y };
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (!d) return;
            setPos({ x: clamp(d.px + e.clientX - d.x, w), y: clamp(d.py + e.clientY - d.y, h) });
          }}
          onPointerUp={() => (drag.current = null)}
          aria-label="Arraste para posicionar a foto"
          role="img"
        >
          {loaded && (
            <img
              src={loaded.url}
              alt=""
              draggable={false}
              style={{
                position: 'absolute',
                left: pos.x,
                top: pos.y,
                width: w,
                height: h,
                maxWidth: 'none',
              }}
            />
          )}
        </Box>
        <Group gap="xs" w={VIEW} wrap="nowrap">
          <IconZoomOut size={16} />
          <Slider
            flex={1}
            min={1}
            max={4}
            step={0.05}
            value={zoom}
            onChange={changeZoom}
            label={null}
            aria-label="Zoom"
          />
          <IconZoomIn size={16} />
        </Group>
        <Text size="xs" c="dimmed">
          Arraste a imagem para enquadrar o rosto.
        </Text>
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button onClick={save} loading={saving} disabled={!loaded}>
            Salvar foto
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
