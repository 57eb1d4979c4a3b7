import type { TrainingRecord, TrainingRecordBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { useSstMutation } from './sst-key.ts';

/** POST /tatico/sst/registros, then the certificate (multipart "file") when chosen. */
export async function addRecord(input: { body: TrainingRecordBody; file: File | null }) {
  const rec = await api.post<TrainingRecord>('/tatico/sst/registros', input.body);
  if (!input.file) return rec;
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return uploadWithProgress<TrainingRecord>(`/tatico/sst/registros/${rec.id}/certificado`, form);
}

export function useAddRecord() {
  return useSstMutation(addRecord, 'Treinamento registrado.');
}
