import type {
  OsAnswerBody,
  OsConcludeBody,
  OsDetail,
  OsKmBody,
  OsMaterialBody,
  OsPhotoMeta,
  OsStepBody,
} from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { OS_KEY, osKey } from './keys.ts';

/**
 * Every write a technician makes on an OS, as data. One function sends them all, so the
 * offline outbox (issue 19) replaces a single place: it can store these objects (photos are
 * Blobs) and replay them with their `device_time`.
 */
export type OsStep =
  | { tipo: 'etapa'; body: OsStepBody }
  | { tipo: 'resposta'; itemId: number; body: OsAnswerBody }
  | { tipo: 'fotos'; fotos: Array<{ blob: Blob; meta: OsPhotoMeta }> }
  | { tipo: 'foto-remover'; fotoId: number }
  | { tipo: 'material'; body: OsMaterialBody }
  | { tipo: 'material-estornar'; materialId: number }
  | { tipo: 'km'; body: OsKmBody }
  | { tipo: 'equipe-adicionar'; userId: number }
  | { tipo: 'equipe-remover'; userId: number }
  | { tipo: 'concluir'; body: OsConcludeBody };

/** The time of the step on the phone, sent with it (kept beside the server's time). */
const now = () => new Date().toISOString();

/** Sends one step; answers the OS as it is after it (photos and removals refetch it). */
export async function sendOsStep(osId: number, step: OsStep): Promise<OsDetail | null> {
  const base = `/tatico/os/${osId}`;
  switch (step.tipo) {
    case 'etapa':
      return api.post(`${base}/etapas`, { device_time: now(), ...step.body });
    case 'resposta':
      return api.put(`${base}/checklist/${step.itemId}`, { device_time: now(), ...step.body });
    case 'fotos': {
      const form = new FormData();
      form.append(
        'meta',
        JSON.stringify(step.fotos.map((f) => ({ device_time: now(), ...f.meta }))),
      );
      step.fotos.forEach((f, i) => form.append('file', f.blob, `foto-${i + 1}.jpg`));
      await uploadWithProgress(`${base}/fotos`, form);
      return null;
    }
    case 'foto-remover':
      await api.delete(`${base}/fotos/${step.fotoId}`);
      return null;
    case 'material':
      return api.post(`${base}/materiais`, { device_time: now(), ...step.body });
    case 'material-estornar':
      return api.delete(`${base}/materiais/${step.materialId}`);
    case 'km':
      return api.post(`${base}/km`, { device_time: now(), ...step.body });
    case 'equipe-adicionar':
      return api.post(`${base}/equipe`, { user_id: step.userId, device_time: now() });
    case 'equipe-remover':
      return api.delete(`${base}/equipe/${step.userId}`);
    case 'concluir':
      return api.post(`${base}/concluir`, { device_time: now(), ...step.body });
  }
}

/**
 * The one mutation of the OS screen. The OS in the cache is replaced by the server's answer
 * (or refetched), and lists/agenda refetch. Callers show their own feedback (an answer saving
 * on each keystroke must not toast).
 */
export function useOsStepMutation(osId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: OsStep) => sendOsStep(osId, step),
    onSuccess: async (detail) => {
      if (detail) queryClient.setQueryData(osKey(osId), detail);
      else await queryClient.invalidateQueries({ queryKey: osKey(osId) });
      void queryClient.invalidateQueries({
        queryKey: OS_KEY,
        predicate: (q) => q.queryKey[1] !== 'detail',
      });
      void queryClient.invalidateQueries({ queryKey: ['agenda'] });
    },
  });
}
