import {
  CSRF_HEADER,
  CSRF_VALUE,
  ORIGIN_HEADER,
  PRESENCE_HEARTBEAT_MS,
  type PresenceAction,
} from '@eproto/domain';
import { useEffect } from 'react';

import { API_BASE } from '../api-client.ts';
import { TAB_ORIGIN } from '../changes/tab-origin.ts';

/**
 * POST /eproto/presence without the API client's toasts: a lost presence is not the person's
 * concern (the others' tabs forget it by PRESENCE_TTL_MS). `keepalive` lets the last one leave
 * with a closing tab.
 */
function send(muralId: number, acao: PresenceAction, ativo: boolean): void {
  void fetch(`${API_BASE}/eproto/presence`, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      [CSRF_HEADER]: CSRF_VALUE,
      [ORIGIN_HEADER]: TAB_ORIGIN,
    },
    body: JSON.stringify({ mural_id: muralId, acao, ativo }),
  }).catch(() => undefined);
}

/**
 * Tells the others who see a demand that this person is editing (or moving) it, while
 * `muralId` is set: at once, every PRESENCE_HEARTBEAT_MS, and "no longer" when it is unset,
 * the component goes or the tab closes.
 */
export function useAnnouncePresence(muralId: number | null, acao: PresenceAction): void {
  useEffect(() => {
    if (muralId === null) return;
    let active = true;
    const stop = () => {
      if (!active) return;
      active = false;
      clearInterval(beat);
      window.removeEventListener('pagehide', stop);
      send(muralId, acao, false);
    };
    send(muralId, acao, true);
    const beat = setInterval(() => send(muralId, acao, true), PRESENCE_HEARTBEAT_MS);
    window.addEventListener('pagehide', stop);
    return stop;
  }, [muralId, acao]);
}
