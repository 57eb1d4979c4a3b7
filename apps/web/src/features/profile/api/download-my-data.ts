import { useMutation } from '@tanstack/react-query';

import { buildUrl, handleUnauthorized } from '../../../lib/api-client.ts';
import { errorFromResponse, NETWORK_MESSAGE } from '../../../lib/api-error.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

const PATH = '/profile/meus-dados';

function fileNameOf(res: Response): string {
  const header = res.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? 'meus-dados-eproto.zip';
}

/** GET /profile/meus-dados — the person's LGPD export (ZIP), saved as a download. */
export async function downloadMyData(): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(PATH), { credentials: 'include' });
  } catch {
    throw new Error(NETWORK_MESSAGE);
  }
  if (!res.ok) {
    if (res.status === 401) handleUnauthorized(PATH, false);
    const body: unknown = await res.json().catch(() => null);
    throw errorFromResponse(res.status, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadMyData() {
  return useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => toastSuccess('Seus dados foram baixados (arquivo ZIP).'),
    onError: (error) => toastError(error.message),
  });
}
