import type { AgendaEntry } from '@eproto/domain';
import { IconBuildingFactory2, IconClipboardList } from '@tabler/icons-react';
import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';

import { ListLoading } from '../../components/list-states.tsx';
import { preloadable } from '../../lib/preloadable.ts';
import AgendaPage from '../../features/agenda/pages/agenda-page.tsx';
import { ScanLabelButton } from '../../features/assets/components/scan-label-button.tsx';
import MyOpenOrders from '../../features/service-orders/components/my-open-orders.tsx';

// The OS tab and the "Criar OS" button download with their first use, not with the agenda.
// "Minhas OS abertas" is on the technician's first screen: it comes with the page (~2.4 KB
// gzip), not as a chunk asked for once the page has rendered (a skeleton until it arrived,
// ~0.8 s of the second visit on a 4x slower CPU, and one more round trip cold). It renders (and
// asks its query) once the agenda's list has settled and the thread idled (MyAgenda's children).
const ServiceOrdersTab = lazy(
  () => import('../../features/service-orders/components/service-orders-tab.tsx'),
);
const AssetsTab = lazy(() => import('../../features/assets/components/assets-tab.tsx'));
// Preloaded when a gestor's agenda idles, then drawn with the entry's details in one render
// (lib/preloadable.ts): a `lazy` suspended once more and, under load, the box came seconds after
// the details (docs/lab-notes.md, e2e watch list).
const CreateOsFromEntry = preloadable(
  () => import('../../features/service-orders/components/create-os-from-entry.tsx'),
);

const EXTRA_TABS = [
  {
    value: 'os',
    label: 'Ordens de serviço',
    icon: <IconClipboardList size={16} />,
    render: () => (
      <Suspense fallback={<ListLoading rows={4} />}>
        <ServiceOrdersTab />
      </Suspense>
    ),
  },
  {
    value: 'ativos',
    label: 'Ativos',
    icon: <IconBuildingFactory2 size={16} />,
    team: true,
    render: () => (
      <Suspense fallback={<ListLoading rows={4} />}>
        <AssetsTab />
      </Suspense>
    ),
  },
];

const entryActions = (entry: AgendaEntry) => (
  <Suspense fallback={null}>
    <CreateOsFromEntry entry={entry} />
  </Suspense>
);

// On the phone, "Ler etiqueta" above the open OSs: at the equipment, the label opens its page
// (the button only; the camera and decoder load at the tap).
const belowMine = () => (
  <>
    <Box hiddenFrom="sm">
      <ScanLabelButton fullWidth />
    </Box>
    <MyOpenOrders />
  </>
);

/**
 * /tatico/agenda with the service orders of PRODUCT.md plugged in (tab, "Criar OS", and the
 * person's open OSs under "Minha agenda") and the customers' assets (tab "Ativos", equipe too).
 */
export default function AgendaPageRoute() {
  return (
    <AgendaPage
      extraTabs={EXTRA_TABS}
      entryActions={entryActions}
      preloadEntryActions={CreateOsFromEntry.preload}
      belowMine={belowMine}
    />
  );
}
