import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError } from '../api-error.ts';
import { useSession } from '../session.ts';
import { toastError, toastInfo } from '../toast.ts';
import { outbox, type OutboxInput } from './outbox.ts';
import type { OutboxResult } from './outbox-types.ts';

/** Toast of a write kept for later (one id: ten taps offline show one toast). */
export const QUEUED_MESSAGE = 'Sem conexão: guardado no aparelho e enviado quando o sinal voltar.';

export interface OutboxMutationOptions<V, T> {
  /** Kind of write; screens find their pending writes with `usePendingWrites(kind, match)`. */
  kind: string;
  /** The request, its Portuguese label for the Pendentes panel, meta and keys to refresh. */
  request: (vars: V) => Omit<OutboxInput, 'kind'>;
  /** The server answered now (there was signal): update the cache, toast success. */
  onSent?: (data: T, vars: V, queryClient: QueryClient) => void;
  /** Kept for later (no signal): the screen shows it as "aguardando conexão". */
  onQueued?: (vars: V) => void;
  /** Refused right away (4xx while online): the error is toasted unless this returns true. */
  onRefused?: (error: ApiError, vars: V) => boolean | void;
}

/**
 * A mutation that never spins forever and never loses a write: it goes through the outbox
 * (IndexedDB, Idempotency-Key, X-Device-Time). With signal it resolves with the server's answer;
 * without it, at once as `{ status: 'queued' }` and the outbox sends it later, in order.
 */
export function useOutboxMutation<V, T = unknown>(options: OutboxMutationOptions<V, T>) {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id;
  return useMutation<OutboxResult<T>, ApiError, V>({
    // The outbox decides what "offline" means; a paused mutation would spin forever.
    networkMode: 'always',
    mutationFn: (vars) => {
      if (userId === undefined) {
        throw new ApiError({
          status: 401,
          code: 'UNAUTHORIZED',
          message: 'Sua sessão não é válida. Faça login novamente.',
        });
      }
      return outbox.enqueue<T>(
        { kind: options.kind, ...options.request(vars) },
        userId,
        queryClient,
      );
    },
    onSuccess: (result, vars) => {
      if (result.status === 'sent') {
        options.onSent?.(result.data, vars, queryClient);
        return;
      }
      toastInfo(QUEUED_MESSAGE, 'outbox-queued');
      options.onQueued?.(vars);
    },
    onError: (error, vars) => {
      if (options.onRefused?.(error, vars) === true) return;
      toastError(error.message);
    },
  });
}
