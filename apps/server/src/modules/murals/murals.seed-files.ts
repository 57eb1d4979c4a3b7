import { encodePng } from '../../lib/png.ts';

/** A small valid PNG: a diagonal two-colour pattern (demo attachments only). */
export function demoPng(width: number, height: number, a: number[], b: number[]): Buffer {
  const pixels: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.push(...((x + y) % 16 < 8 ? a : b));
  }
  return encodePng(width, height, Uint8Array.from(pixels), 3);
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
