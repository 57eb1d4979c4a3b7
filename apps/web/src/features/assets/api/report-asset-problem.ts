import type { AssetReportCreated, AssetReportStatus } from '@eproto/domain';
import { useMutation, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import type { ApiError } from '../../../lib/api-error.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';

export interface ProblemReport {
  codigo: string;
  nome: string;
  contato: string;
  descricao: string;
  /** The honeypot: a hidden field people leave empty. */
  site: string;
  fotos: File[];
}

/** POST /public/ativos/{codigo}/relatos (multipart, no session): the protocol and follow path. */
export function reportAssetProblem(r: ProblemReport): Promise<AssetReportCreated> {
  const form = new FormData();
  form.append('nome', r.nome);
  form.append('contato', r.contato);
  form.append('descricao', r.descricao);
  form.append('site', r.site);
  for (const f of r.fotos) form.append('fotos', f, f.name);
  return uploadWithProgress(`/public/ativos/${encodeURIComponent(r.codigo)}/relatos`, form, {
    timeoutMs: 120_000,
  });
}

export function useReportAssetProblem() {
  return useMutation({ mutationFn: reportAssetProblem });
}

/** GET /public/ativos/relatos/{token}: the state of a report, in plain words. */
export function useAssetReportStatus(token: string) {
  return useQuery<AssetReportStatus, ApiError>({
    queryKey: ['public', 'asset-report', token],
    queryFn: () =>
      api.get<AssetReportStatus>(`/public/ativos/relatos/${encodeURIComponent(token)}`, {
        silent401: true,
      }),
    retry: false,
  });
}
