const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** The Blob of a base64 data URL (a signature drawn on the pad), or null when it is not one. */
export function dataUrlToBlob(value: string): Blob | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  let binary: string;
  try {
    binary = atob(match[2]!);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: match[1] });
}

/** A Blob as a base64 data URL, for routes that take an image inside a JSON body. */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: one String.fromCharCode call with every byte overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}
