// Web test files share one module graph per Vitest worker (vitest.config.ts, project "web"), and
// so one jsdom window. Run before each file (a setup file), this gives the file the page a fresh
// window would have had: Testing Library's cleanup after each test, an empty body and storage,
// the URL at "/", real timers and no globals or spies left by the file before.
// A file that declares `@vitest-environment node` has no page: only the timers and globals.
import { afterEach, vi } from 'vitest';

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();

if (typeof window !== 'undefined') {
  await import('./setup-dom.ts');
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
  document.body.replaceChildren();
  document.body.removeAttribute('style');
  for (const { name } of [...document.documentElement.attributes]) {
    if (name !== 'lang') document.documentElement.removeAttribute(name);
  }
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
}
