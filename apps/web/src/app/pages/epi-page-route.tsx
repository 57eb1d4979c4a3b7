import { IconCertificate, IconClipboardCheck } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

import { PageLoader } from '../../components/page-loader.tsx';
import EpiPage from '../../features/epi/pages/epi-page.tsx';

const SstTab = lazy(() => import('../../features/sst/components/sst-tab.tsx'));
const MySstView = lazy(() => import('../../features/sst/components/my-sst-view.tsx'));
const AprPtTab = lazy(() => import('../../features/apr-pt/components/apr-pt-tab.tsx'));
const MyAprPtView = lazy(() => import('../../features/apr-pt/components/my-apr-pt-view.tsx'));

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
        {
          value: 'apr-pt',
          label: 'APR e PT',
          icon: <IconClipboardCheck size={16} />,
          render: () => (
            <Suspense fallback={<PageLoader />}>
              <AprPtTab />
            </Suspense>
          ),
        },
      ]}
      mineExtra={
        <Suspense fallback={null}>
          <MySstView />
          <MyAprPtView />
        </Suspense>
      }
    />
  );
}
