import { useEffect, useState } from 'react';

import { whenIdle } from './idle.ts';

/**
 * False until `ready` (the screen's own first content has settled) and the main thread has then
 * been idle once; true from there on. For what a field screen shows below its first view: its
 * code, queries and render wait until what the person looks at first has painted, instead of
 * competing with it on a phone's slow link and CPU (issue 33).
 */
export function useAfterIdle(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (ready && !idle ? whenIdle(() => setIdle(true)) : undefined), [ready, idle]);
  return idle;
}
