import { inviteAcceptedHooks } from '../auth/auth.service.ts';
import { createContractsRepo } from './contracts.repo.ts';

let registered = false;

/**
 * Links a newly invited user to the invitation's contracts inside the acceptance transaction
 * (contracts deleted since the invitation are skipped). Registered once at module load.
 */
export function registerInviteContractsHook(): void {
  if (registered) return;
  registered = true;
  inviteAcceptedHooks.push(async (tx, userId, contractIds) => {
    await createContractsRepo(tx).linkMany(userId, contractIds, null);
  });
}

registerInviteContractsHook();
