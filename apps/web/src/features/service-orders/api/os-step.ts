import type { FieldPerson, InventoryItem, OsAssets, OsDetail } from '@eproto/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { ApiError } from '../../../lib/api-error.ts';
import { outbox } from '../../../lib/offline/outbox.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/use-outbox-mutation.ts';
import { useSession } from '../../../lib/session.ts';
import { toastInfo } from '../../../lib/toast.ts';
import { PICKER_KEYS } from '../../../components/pickers/keys.ts';
import { osKey } from './keys.ts';
import { isOsAssets, osAssetsKey } from './os-assets.ts';
import { loadOsPending } from './os-pending-load.ts';
import type { OsStep, OsStepContext } from './os-step-request.ts';

export type { OsStep } from './os-step-request.ts';

/**
 * What a step gave: the OS as the server has it now (or its assets, for an asset's answer), or
 * kept on the phone for later.
 */
export type OsStepResult =
  { status: 'sent'; detail: OsDetail | null; assets?: OsAssets } | { status: 'queued' };

const isDetail = (d: unknown): d is OsDetail =>
  typeof d === 'object' && d !== null && 'checklist' in d && 'codigo' in d;

/** Labels and the pending view read the OS and the material picker from the cache. */
function contextOf(queryClient: QueryClient, osId: number): OsStepContext {
  const os = queryClient.getQueryData<OsDetail>(osKey(osId));
  const materials = queryClient.getQueryData<{ items: InventoryItem[] }>(PICKER_KEYS.materials);
  const people = queryClient.getQueryData<{ items: FieldPerson[] }>(PICKER_KEYS.people);
  return {
    codigo: os?.codigo ?? `OS ${osId}`,
    itemTitle: (id) => os?.checklist.find((c) => c.item.id === id)?.item.titulo,
    material: (id) => materials?.items.find((i) => i.id === id),
    person: (id) =>
      os?.equipe.find((m) => m.pessoa.id === id)?.pessoa.nome ??
      people?.items.find((p) => p.id === id)?.nome,
  };
}

/**
 * Sends one step through the offline outbox (IndexedDB, Idempotency-Key, X-Device-Time): with
 * signal it answers the server's OS; without it, the step is kept and sent later, in order.
 * Undoing something that never left the phone (a queued photo or material) drops it instead.
 */
export async function sendOsStep(
  osId: number,
  step: OsStep,
  userId: number,
  queryClient: QueryClient,
): Promise<OsStepResult> {
  const { kindOf, osStepRequests, pendingWriteOf } = await loadOsPending();
  const local = kindOf(step).undoes?.(step) ?? 0;
  if (local < 0) {
    const write = pendingWriteOf(outbox.snapshot(), local);
    if (write) await outbox.discard(write.key);
    return { status: 'sent', detail: null };
  }
  let result: OsStepResult = { status: 'sent', detail: null };
  for (const input of osStepRequests(osId, step, contextOf(queryClient, osId))) {
    const r = await outbox.enqueue<unknown>(input, userId, queryClient);
    if (r.status === 'queued') result = { status: 'queued' };
    else if (result.status === 'sent')
      result = {
        status: 'sent',
        detail: isDetail(r.data) ? r.data : null,
        ...(isOsAssets(r.data) && { assets: r.data }),
      };
  }
  return result;
}

/**
 * The one mutation of the OS screen. Sent now: the OS in the cache is replaced by the server's
 * answer (or refetched) and lists/agenda refetch. Queued: a toast says so and the page shows
 * the step as done-but-pending. Callers show their own feedback (an answer saving on each
 * keystroke must not toast); a refusal while online rejects as before.
 */
export function useOsStepMutation(osId: number) {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id;
  return useMutation<OsStepResult, ApiError, OsStep>({
    // The outbox decides what "offline" means; a paused mutation would spin forever.
    networkMode: 'always',
    mutationFn: (step) => {
      if (userId === undefined) {
        throw new ApiError({
          status: 401,
          code: 'UNAUTHORIZED',
          message: 'Sua sessão não é válida. Faça login novamente.',
        });
      }
      return sendOsStep(osId, step, userId, queryClient);
    },
    onSuccess: async (result, step) => {
      if (result.status === 'queued') {
        if (!(await loadOsPending()).kindOf(step).quiet) toastInfo(QUEUED_MESSAGE, 'outbox-queued');
        return;
      }
      // The answer is patched in; what else the step changed (the OS lists, its page, the
      // agenda) comes from the server's 'service-order.changed' (lib/changes/change-effects.ts).
      if (result.assets) queryClient.setQueryData(osAssetsKey(osId), result.assets);
      else if (result.detail) queryClient.setQueryData(osKey(osId), result.detail);
    },
    // Refused: the screen may be behind the server (cancelled at the office, taken off the
    // team): read the OS again so what is shown is what the server has.
    onError: () => queryClient.invalidateQueries({ queryKey: osKey(osId) }),
  });
}
