import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * Encodes an 8-bit bitmap (row-major; 1 channel = greyscale with 0 = black, 3 = RGB) as a
 * PNG: the one encoder of the server (signatures, demo images).
 */
export function encodePng(
  width: number,
  height: number,
  pixels: Uint8Array,
  channels: 1 | 3 = 1,
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = channels === 1 ? 0 : 2;
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    Buffer.from(pixels.subarray(y * stride, (y + 1) * stride)).copy(raw, y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Encodes an 8-bit greyscale bitmap (row-major, 0 = black) as a PNG. */
export function encodeGreyPng(width: number, height: number, pixels: Uint8Array): Buffer {
  return encodePng(width, height, pixels, 1);
}

/**
 * A handwriting-like squiggle derived from a name, for demo deliveries "signed on screen"
 * (stored by epi.seed.ts through ctx.storage).
 */
export function demoSignaturePng(name: string, width = 240, height = 80): Buffer {
  const px = new Uint8Array(width * height).fill(255);
  let seed = [...name].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const loops = 5 + Math.floor(rand() * 4);
  const amp = [0.6 + rand() * 0.4, 0.3 + rand() * 0.5];
  let prev: [number, number] | null = null;
  for (let i = 0; i <= 600; i++) {
    const s = i / 600;
    const x = 14 + s * (width - 28) + Math.sin(s * Math.PI * 2 * loops) * 10;
    // The loop height drifts smoothly between the two amplitudes (switching it at every
    // sample filled the space between two curves: a black band in the reports).
    const a = amp[0]! + (amp[1]! - amp[0]!) * (0.5 + 0.5 * Math.sin(s * Math.PI * 3));
    const y = height / 2 + Math.cos(s * Math.PI * 2 * loops) * (height / 3) * a * (1 - s * 0.4);
    if (prev) {
      const steps = Math.ceil(Math.hypot(x - prev[0], y - prev[1]) * 2);
      for (let k = 0; k <= steps; k++) {
        const cx = Math.round(prev[0] + ((x - prev[0]) * k) / steps);
        const cy = Math.round(prev[1] + ((y - prev[1]) * k) / steps);
        for (const [dx, dy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ] as const) {
          const xx = cx + dx;
          const yy = cy + dy;
          if (xx >= 0 && xx < width && yy >= 0 && yy < height) px[yy * width + xx] = 20;
        }
      }
    }
    prev = [x, y];
  }
  return encodeGreyPng(width, height, px);
}
