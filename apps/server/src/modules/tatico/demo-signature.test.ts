import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoSignaturePng } from '../../lib/png.ts';

// The demo company's customer and EPI signatures are drawn by demoSignaturePng and end up in
// the OS report and the EPI ficha PDFs: they must read as a pen line, not as a black band.
describe('demoSignaturePng', () => {
  it('draws a thin pen line', async () => {
    for (const name of ['Marta Souza', 'Paulo Henrique Dias', 'João Pereira']) {
      const { data, info } = await sharp(demoSignaturePng(name))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const dark = (x: number, y: number) => data[y * info.width + x]! < 128;
      let ink = 0;
      let filled = 0;
      for (let y = 1; y < info.height - 1; y++) {
        for (let x = 1; x < info.width - 1; x++) {
          if (!dark(x, y)) continue;
          ink++;
          // Inside a filled area, not on a pen line: dark on every side, two pixels out.
          const inside = [-2, -1, 1, 2].every(
            (d) =>
              dark(Math.min(Math.max(x + d, 0), info.width - 1), y) &&
              dark(x, Math.min(Math.max(y + d, 0), info.height - 1)),
          );
          if (inside) filled++;
        }
      }
      expect(ink, name).toBeGreaterThan(300);
      expect(filled / ink, name).toBeLessThan(0.02);
    }
  });
});
