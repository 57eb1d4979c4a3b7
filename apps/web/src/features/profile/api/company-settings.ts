import type { CompanySettings, CompanySettingsBody, CompanySettingsResponse } from '@eproto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

export const COMPANY_KEY = ['empresa'] as const;

/** GET /empresa — the employer's name and CNPJ (null until filled in). */
export function getCompany(): Promise<CompanySettingsResponse> {
  return api.get<CompanySettingsResponse>('/empresa');
}

export function useCompany(enabled: boolean) {
  return useQuery({ queryKey: COMPANY_KEY, queryFn: getCompany, enabled });
}

/** PUT /empresa {nome, cnpj} — ti and diretoria. */
export function saveCompany(body: CompanySettingsBody): Promise<CompanySettings> {
  return api.put<CompanySettings>('/empresa', body);
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: (empresa) => {
      queryClient.setQueryData<CompanySettingsResponse>(COMPANY_KEY, { empresa });
      toastSuccess('Dados da empresa salvos.');
    },
    onError: (e) => toastError(e.message),
  });
}
