import { useOfflinePrefetch } from '../../lib/offline/prefetch.ts';
import { useRealtimeSync } from '../realtime/use-realtime-sync.ts';

const loadPrefetchTasks = () =>
  import('../offline/prefetch-tasks.ts').then((m) => m.OFFLINE_PREFETCH_TASKS);

/**
 * The signed-in shell's work that no first paint needs: the realtime stream (its setup and the
 * change maps) and the offline prefetch (which waits for the screen's data anyway). Mounted by
 * the shell once the main thread is idle after the first paint (whenIdle): their code is a chunk
 * of its own, not part of every route's first load (issue 33, scripts/check-bundle.mjs). Until
 * then polling at the SPEC intervals keeps lists fresh, as when the stream is down.
 */
export default function ShellIdleWork() {
  useRealtimeSync();
  useOfflinePrefetch(loadPrefetchTasks);
  return null;
}
