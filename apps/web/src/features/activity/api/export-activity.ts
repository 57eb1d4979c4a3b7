import type { ActivityFilterQuery } from '@eproto/domain';
import { useMutation } from '@tanstack/react-query';

import { buildUrl, handleUnauthorized } from '../../../lib/api-client.ts';
import { errorFromResponse, NETWORK_MESSAGE } from '../../../lib/api-error.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

export type ExportFormat = 'csv' | 'xlsx';
type Filter = ActivityFilterQuery;

function fileNameOf(res: Response, format: ExportFormat): string {
  const header = res.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? `atividade.${format}`;
}

/** GET /activity/export?format=csv|xlsx — downloads the filtered log as a file. */
export async function exportActivity({ filter, format }: { filter: Filter; format: ExportFormat }) {
  const path = '/activity/export';
  let res: Response;
  try {
    res = await fetch(buildUrl(path, { ...filter, format }), { credentials: 'include' });
  } catch {
    throw new Error(NETWORK_MESSAGE);
  }
  if (!res.ok) {
    if (res.status === 401) handleUnauthorized(path, false);
    const body: unknown = await res.json().catch(() => null);
    throw errorFromResponse(res.status, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res, format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportActivity() {
  return useMutation({
    mutationFn: exportActivity,
    onSuccess: (_v, { format }) => toastSuccess(`Arquivo ${format.toUpperCase()} gerado.`),
    onError: (error) => toastError(error.message),
  });
}
