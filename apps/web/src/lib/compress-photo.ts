/** Longest side of a photo after compression on the phone. */
const PHOTO_MAX_SIDE = 1600;
/** JPEG quality of a compressed (and of a stamped) photo. */
export const JPEG_QUALITY = 0.85;

/**
 * Shrinks a camera photo to ~1600 px JPEG on the phone (EXIF orientation applied), as the OS
 * photos and the asset photos are sent. The library is loaded only when the first photo is
 * taken; its web worker would need a script from another origin (refused by our CSP), so it
 * runs here, between frames.
 */
export async function compressPhoto(file: File): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    maxWidthOrHeight: PHOTO_MAX_SIDE,
    fileType: 'image/jpeg',
    initialQuality: JPEG_QUALITY,
    maxSizeMB: 1.5,
    useWebWorker: false,
  });
}
