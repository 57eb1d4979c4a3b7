import { can } from '@eproto/domain';
import { IconPlugConnected } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

import { PageLoader } from '../../components/page-loader.tsx';
import UsersPage, { type UsersExtraTab } from '../../features/admin-users/pages/users-page.tsx';
import { subjectOf } from '../../lib/permission-subject.ts';
import { useSession } from '../../lib/session.ts';

// The tab downloads with its first use, not with the list of people.
const IntegrationsTab = lazy(
  () => import('../../features/integrations/components/integrations-tab.tsx'),
);

const INTEGRATIONS: UsersExtraTab = {
  value: 'integracoes',
  label: 'Integrações',
  icon: <IconPlugConnected size={16} />,
  render: () => (
    <Suspense fallback={<PageLoader />}>
      <IntegrationsTab />
    </Suspense>
  ),
};

/** /users with the "Integrações" tab (PRODUCT.md "Integrations") for whoever may configure them. */
export default function UsersPageRoute() {
  const { user } = useSession();
  const tabs = can(subjectOf(user), 'integrations.manage') ? [INTEGRATIONS] : [];
  return <UsersPage extraTabs={tabs} />;
}
