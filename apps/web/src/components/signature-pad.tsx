import type { SignaturePlace, SignatureStroke } from '@eproto/domain';
import { isSignatureLongEnough, SIGNATURE_TOO_SHORT } from '@eproto/domain';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';

import { locate } from '../lib/locate-signature.ts';

const HEIGHT = 170;
const INK = '#111827';

/** A drawn signature: the image, the strokes that made it and where (when the browser allowed). */
export interface SignatureValue {
  png: string;
  tracos: SignatureStroke[];
  local: SignaturePlace | null;
}

/**
 * Signature drawn with finger, pen or mouse (EPI receipts, customer signatures). Reports the
 * PNG with its strokes after each stroke, or null while it is empty or too short to be a
 * signature (a tap, a dot), with the reason on screen. The pad is white in both themes.
 */
export function SignaturePad({
  onChange,
  label = 'Assinatura',
}: {
  onChange: (value: SignatureValue | null) => void;
  label?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<SignatureStroke[]>([]);
  const current = useRef<SignatureStroke | null>(null);
  const place = useRef<SignaturePlace | null>(null);
  const asked = useRef(false);
  const [empty, setEmpty] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  const emit = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas || !isSignatureLongEnough(strokes.current)) {
      report.current(null);
      return;
    }
    report.current({
      png: canvas.toDataURL('image/png'),
      tracos: strokes.current.map((s) => s.map(([x, y]) => [x, y] as [number, number])),
      local: place.current,
    });
  }, []);

  const setup = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const width = canvas.parentElement?.clientWidth || 400;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(HEIGHT * ratio);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${HEIGHT}px`;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.scale(ratio, ratio);
      ctx.lineWidth = 2.2;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = INK;
      ctx.fillStyle = INK;
    }
    strokes.current = [];
    current.current = null;
    setEmpty(true);
    setError(null);
    report.current(null);
  }, []);

  useEffect(() => {
    setup();
  }, [setup]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>): [number, number] => {
    const rect = e.currentTarget.getBoundingClientRect();
    const round = (n: number) => Math.round(n * 10) / 10;
    return [round(e.clientX - rect.left), round(e.clientY - rect.top)];
  };

  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = point(e);
    current.current = [p];
    const ctx = e.currentTarget.getContext('2d');
    ctx?.beginPath();
    ctx?.arc(p[0], p[1], 1, 0, Math.PI * 2);
    ctx?.fill();
  };

  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current;
    const last = stroke?.[stroke.length - 1];
    if (!stroke || !last) return;
    const p = point(e);
    const ctx = e.currentTarget.getContext('2d');
    ctx?.beginPath();
    ctx?.moveTo(last[0], last[1]);
    ctx?.lineTo(p[0], p[1]);
    ctx?.stroke();
    stroke.push(p);
  };

  const up = () => {
    const stroke = current.current;
    if (!stroke) return;
    current.current = null;
    strokes.current.push(stroke);
    setEmpty(false);
    const enough = isSignatureLongEnough(strokes.current);
    setError(enough ? null : SIGNATURE_TOO_SHORT);
    emit();
    if (enough && !asked.current) {
      asked.current = true;
      void locate().then((p) => {
        place.current = p;
        if (p && strokes.current.length > 0) emit();
      });
    }
  };

  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEraser size={14} />}
          onClick={setup}
          disabled={empty}
        >
          Limpar
        </Button>
      </Group>
      <Box
        style={{
          background: '#fff',
          border: `1px ${error ? 'solid var(--mantine-color-red-6)' : 'dashed var(--mantine-color-gray-5)'}`,
          borderRadius: 8,
          overflow: 'hidden',
          touchAction: 'none',
          position: 'relative',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label="Área para assinar com o dedo, caneta ou mouse"
          data-testid="signature-pad"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          style={{ display: 'block', cursor: 'crosshair' }}
        />
        {empty && (
          <Text
            size="sm"
            c="gray.7"
            style={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              pointerEvents: 'none',
            }}
          >
            Assine aqui
          </Text>
        )}
      </Box>
      {error && (
        <Text size="sm" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
