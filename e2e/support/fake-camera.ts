// A camera for the specs: Chromium's fake capture device plays a Y4M file in a loop
// (--use-file-for-fake-video-capture). The file is read when a page opens the camera, not when
// the browser starts, so a test writes the picture it wants the phone to see just before.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import * as mupdf from 'mupdf';

import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

/** The video file this worker's camera plays (one per worker process). */
export const FAKE_CAMERA_FILE = path.join(os.tmpdir(), `eproto-e2e-camera-${process.pid}.y4m`);

/** Launch options of a browser whose camera is FAKE_CAMERA_FILE (playwright.config.ts's plus it). */
export const FAKE_CAMERA_LAUNCH = {
  executablePath: CHROMIUM,
  args: [
    ...CHROMIUM_ARGS,
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${FAKE_CAMERA_FILE}`,
  ],
};

const W = 640;
const H = 480;
const MM = 72 / 25.4;

/**
 * Points the camera at the first label of a labels PDF (issue 34's sheet: 2 × 7 labels of
 * 99 × 38,1 mm, the QR at the label's left): the PDF page is rendered as a viewer does (MuPDF),
 * the label's left square (its QR with the margin around it) is cut out and shown in the middle
 * of a 640×480 grey-level picture, as a phone held in front of the equipment would see it.
 */
export function pointCameraAtFirstLabel(pdf: Buffer, side = 300): void {
  const labelH = 38.1 * MM;
  const scale = side / labelH;
  const pix = mupdf.Document.openDocument(pdf, 'application/pdf')
    .loadPage(0)
    .toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  const rgb = pix.getPixels();
  const pw = pix.getWidth();
  const left = Math.round(((210 - 2 * 99 - 2.5) / 2) * MM * scale);
  const top = Math.round(((297 - 7 * 38.1) / 2) * MM * scale);
  const y = new Uint8Array(W * H).fill(235);
  const x0 = (W - side) / 2;
  const y0 = (H - side) / 2;
  for (let r = 0; r < side; r++) {
    for (let c = 0; c < side; c++) {
      const p = ((top + r) * pw + (left + c)) * 3;
      // BT.601 luma of the rendered pixel
      y[(y0 + r) * W + x0 + c] = Math.round(
        0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!,
      );
    }
  }
  writeY4m(y);
}

/** A Y4M (4:2:0) of two identical grey-level frames: luma as given, chroma neutral. */
function writeY4m(luma: Uint8Array) {
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(luma), chroma]);
  writeFileSync(
    FAKE_CAMERA_FILE,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}
