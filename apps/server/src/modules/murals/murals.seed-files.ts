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
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small valid PNG: a diagonal two-colour pattern (demo attachments only). */
export function demoPng(width: number, height: number, a: number[], b: number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) rows.push(...((x + y) % 16 < 8 ? a : b));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Content of a demo file by its name. */
export function demoFile(
  name: string,
  titulo: string,
): { data: Buffer; mime: string; ext: string } {
  if (name.endsWith('.png')) {
    return {
      data: demoPng(48, 32, [34, 139, 230], [240, 240, 240]),
      mime: 'image/png',
      ext: 'png',
    };
  }
  if (name.endsWith('.csv')) {
    const csv = [
      'ponto;endereco;tipo;data',
      '1532;Av. Itavuvu, 1200;LED 100W;03/03/2026',
      '1533;Av. Itavuvu, 1260;LED 100W;03/03/2026',
      '1534;Av. Itavuvu, 1320;LED 150W;04/03/2026',
    ].join('\n');
    return { data: Buffer.from(`${csv}\n`), mime: 'text/csv', ext: 'csv' };
  }
  const text = `${titulo}\n\nRegistro de campo gerado para a demonstração do E-Proto.\nTudo conferido e dentro do esperado.\n`;
  return { data: Buffer.from(text), mime: 'text/plain', ext: 'txt' };
}
