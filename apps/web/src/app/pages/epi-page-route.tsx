import { IconCertificate } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

import { PageLoader } from '../../components/page-loader.tsx';
import EpiPage from '../../features/epi/pages/epi-page.tsx';

const SstTab = lazy(() => import('../../features/sst/components/sst-tab.tsx'));
const MySstView = lazy(() => import('../../features/sst/components/my-sst-view.tsx'));

/** /tatico/epi with the SST pieces plugged in (PRODUCT.md "Beyond SPEC"). */
export default function EpiPageRoute() {
  return (
    <EpiPage
      extraTabs={[
        {
          value: 'sst',
          label: 'Treinamentos e ASO',
          icon: <IconCertificate size={16} />,
          render: () => (
            <Suspense fallback={<PageLoader />}>
              <SstTab />
            </Suspense>
          ),
        },
      ]}
      mineExtra={
        <Suspense fallback={null}>
          <MySstView />
        </Suspense>
      }
    />
  );
}
