import type { Icon } from '@tabler/icons-react';
import {
  IconActivity,
  IconAddressBook,
  IconBuildingWarehouse,
  IconCalendarEvent,
  IconCalendarTime,
  IconCash,
  IconChecklist,
  IconClipboardCheck,
  IconFileCertificate,
  IconHelpCircle,
  IconHelmet,
  IconLayoutKanban,
  IconLifebuoy,
  IconListDetails,
  IconMailPlus,
  IconMessages,
  IconNews,
  IconReceipt2,
  IconSparkles,
  IconTimeline,
  IconTruck,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

// Longest prefix wins, so /users/invite gets its own icon and /eproto/murals/:id the list's.
const ICONS: [prefix: string, icon: Icon][] = [
  ['/users/invite', IconMailPlus],
  ['/users/activity', IconActivity],
  ['/users', IconUsers],
  ['/ti/help', IconLifebuoy],
  ['/profile', IconUserCircle],
  ['/contracts', IconFileCertificate],
  ['/eproto/contracts', IconFileCertificate],
  ['/eproto/quadros', IconLayoutKanban],
  ['/eproto/murals', IconListDetails],
  ['/eproto/protocols', IconChecklist],
  ['/eproto/gantt', IconTimeline],
  ['/eproto/calendar', IconCalendarEvent],
  ['/eproto/feed', IconNews],
  ['/eproto/reviews', IconClipboardCheck],
  ['/operacional/chat-contrato', IconAddressBook],
  ['/operacional/chat', IconMessages],
  ['/ai/assistente', IconSparkles],
  ['/solicitacoes', IconReceipt2],
  ['/tatico/agenda', IconCalendarTime],
  ['/tatico/frota', IconTruck],
  ['/tatico/epi', IconHelmet],
  ['/pagamentos', IconCash],
  ['/receita', IconCash],
  ['/calendar', IconCalendarEvent],
  ['/eproto', IconBuildingWarehouse],
  ['/equipe', IconUsersGroup],
];

/** Icon that stands for a route or menu path. */
export function routeIcon(path: string): Icon {
  let best: [string, Icon] | undefined;
  for (const entry of ICONS) {
    const [prefix] = entry;
    const hit = path === prefix || path.startsWith(`${prefix}/`);
    if (hit && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best ? best[1] : IconHelpCircle;
}
