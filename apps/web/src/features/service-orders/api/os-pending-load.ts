/**
 * The code that turns queued OS steps into requests and applies them to the OS shown
 * (os-pending.ts, os-step-kinds.ts, os-step-request.ts: ~3.6 KB gzip), loaded apart from the
 * OS page: an OS with nothing waiting on the phone paints without it (issue 33). The page
 * fetches it once the main thread is idle; sending a step, or an OS with steps waiting, awaits
 * it. Offline it comes from the service worker, which keeps every chunk of the build.
 */
const load = () =>
  Promise.all([
    import('./os-pending.ts'),
    import('./os-step-kinds.ts'),
    import('./os-step-request.ts'),
  ]).then(([pending, kinds, requests]) => ({
    applyPendingSteps: pending.applyPendingSteps,
    pendingWriteOf: pending.pendingWriteOf,
    kindOf: kinds.kindOf,
    osStepRequests: requests.osStepRequests,
  }));

type OsPendingCode = Awaited<ReturnType<typeof load>>;

let loaded: OsPendingCode | null = null;
let loading: Promise<OsPendingCode> | null = null;

/** The code, fetched once (again after a failed download). */
export function loadOsPending(): Promise<OsPendingCode> {
  return (loading ??= load().then(
    (code) => (loaded = code),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/** The code when it has already arrived, else null. */
export const osPendingLoaded = () => loaded;
