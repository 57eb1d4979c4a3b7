import type { Asset } from '@eproto/domain';
import { lazy, Suspense } from 'react';

import AssetPage from '../../features/assets/pages/asset-page.tsx';

const CreateOsForAsset = lazy(
  () => import('../../features/service-orders/components/create-os-for-asset.tsx'),
);

const osAction = (asset: Asset) => (
  <Suspense fallback={null}>
    <CreateOsForAsset asset={asset} />
  </Suspense>
);

/** /tatico/agenda/ativos/:id — the asset's page with the service orders' "Abrir OS" plugged in. */
export default function AssetPageRoute() {
  return <AssetPage osAction={osAction} />;
}
