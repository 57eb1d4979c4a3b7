import type { ComponentProps } from 'react';
import { lazy, Suspense, useState } from 'react';

import type { ReasonModal as ReasonModalType } from './reason-modal.tsx';

// The modal (Mantine's focus trap, scroll lock and overlay) is fetched the first time a reason is
// asked, not with the OS screen: most visits never pause or check in far from the site.
const ReasonModal = lazy(() =>
  import('./reason-modal.tsx').then((m) => ({ default: m.ReasonModal })),
);

/** ReasonModal loaded on first open; after that it stays mounted so it can animate closing. */
export function LazyReasonModal(props: ComponentProps<typeof ReasonModalType>) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ReasonModal {...props} />
    </Suspense>
  );
}
