import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useApr } from '../api/get-apr.ts';
import { AprSignCard } from './apr-sign-card.tsx';

/** An APR loaded by id, shown for the team member to read and sign. */
export function SignableApr({ id, userId }: { id: number; userId: number }) {
  const apr = useApr(id);
  if (apr.isPending) return <ListLoading rows={1} height={160} />;
  if (apr.isError) return <ListError message={apr.error.message} />;
  return <AprSignCard apr={apr.data} userId={userId} />;
}
