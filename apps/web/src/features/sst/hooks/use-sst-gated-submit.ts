import { can, sstOverrideBody } from '@eproto/domain';
import { useState } from 'react';

import { subjectOf } from '../../../lib/permission-subject.ts';
import { useSession } from '../../../lib/session.ts';

/** The written release of an SST block (`liberacao_sst` of the write). */
export interface SstRelease {
  motivo: string;
}

/**
 * The SST release flow of a write, written once for every form that puts people on a job (new
 * OS, OS from an agenda entry, a helper joining an OS, an agenda entry):
 *
 * - `submit(payload)` asks `check` for the reasons that block it ("João Pereira: NR-35 vencida
 *   em 12/10/2026"). None: `send(payload)`. Some: the payload is kept and `blocked` lists them
 *   (shown by `<SstReleaseModal {...gate.modal} />` or inline). `check` answering `null` keeps
 *   nothing and sends nothing (the agenda's double bookings ask their own confirmation).
 * - `release(motivo)`: gerente/diretoria (`mayRelease`, permission `sst.override`) send the kept
 *   payload with `{ motivo }`; answers the refusal of the reason (`sstOverrideBody`: at least 10
 *   characters) or null once it went.
 *
 * `send` shows its own failure (the mutations toast it) and rejects: the conflict then stays
 * open so the person can try again; after a send that went, it is closed.
 */
export function useSstGatedSubmit<T>({
  check,
  send,
}: {
  check: (payload: T) => Promise<string[] | null>;
  send: (payload: T, release?: SstRelease) => Promise<unknown>;
}) {
  const { user } = useSession();
  const mayRelease = can(subjectOf(user), 'sst.override');
  const [blocked, setBlocked] = useState<{ payload: T; reasons: string[] } | null>(null);
  const [checking, setChecking] = useState(false);
  const [sending, setSending] = useState(false);

  const go = async (payload: T, release?: SstRelease) => {
    setSending(true);
    try {
      await send(payload, release);
      setBlocked(null);
    } catch {
      // shown by `send`; the conflict (if any) stays open for another try
    } finally {
      setSending(false);
    }
  };

  const submit = async (payload: T) => {
    setChecking(true);
    let reasons: string[] | null;
    try {
      reasons = await check(payload);
    } finally {
      setChecking(false);
    }
    if (reasons === null) return;
    if (reasons.length > 0) setBlocked({ payload, reasons });
    else await go(payload);
  };

  const release = (motivo: string): string | null => {
    const parsed = sstOverrideBody.safeParse({ motivo });
    if (!parsed.success)
      return parsed.error.issues[0]?.message ?? 'Informe a justificativa da liberação.';
    if (blocked && mayRelease) void go(blocked.payload, { motivo: parsed.data.motivo });
    return null;
  };

  const dismiss = () => setBlocked(null);

  return {
    submit,
    release,
    dismiss,
    /** The reasons of the kept payload, or null when nothing is blocked. */
    blocked: blocked?.reasons ?? null,
    checking,
    sending,
    mayRelease,
    /** The props of `SstReleaseModal` for this flow. */
    modal: {
      opened: blocked !== null,
      reasons: blocked?.reasons ?? [],
      mayRelease,
      pending: sending,
      onClose: dismiss,
      onRelease: (motivo: string) => void release(motivo),
    },
  };
}
