import type { ChatUpload } from '@eproto/domain';

import { uploadWithProgress } from '../../../lib/upload.ts';

/** POST /chat/upload (multipart "file"), reporting progress from 0 to 1. */
export function uploadChatFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ChatUpload> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<ChatUpload>('/chat/upload', form, { onProgress, signal });
}
