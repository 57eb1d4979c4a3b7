import { compressPhoto, JPEG_QUALITY } from '../../../lib/compress-photo.ts';
import { stampLayout, stampLines, type PhotoStamp } from './photo-stamp.ts';

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Não foi possível gerar a foto.'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

/** Draws the stamp (OS, date and time, position) over the bottom of the photo. */
export async function stampPhoto(photo: Blob, stamp: PhotoStamp): Promise<Blob> {
  const bitmap = await createImageBitmap(photo);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Este aparelho não conseguiu carimbar a foto.');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const lines = stampLines(stamp);
  const layout = stampLayout(canvas.width, canvas.height, lines.length);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.6)';
  ctx.fillRect(0, layout.bandTop, canvas.width, layout.bandHeight);
  ctx.font = `600 ${layout.fontSize}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'alphabetic';
  lines.forEach((line, i) => ctx.fillText(line, layout.padding, layout.baselines[i]!));
  return toJpeg(canvas);
}

/** Camera file -> compressed, stamped JPEG ready to upload. */
export async function preparePhoto(file: File, stamp: PhotoStamp): Promise<Blob> {
  if (!file.type.startsWith('image/')) throw new Error('Escolha uma foto (imagem).');
  return stampPhoto(await compressPhoto(file), stamp);
}
