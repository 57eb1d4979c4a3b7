import type { SearchArea } from '@eproto/domain';
import {
  IconBox,
  IconCar,
  IconFileText,
  IconInbox,
  IconLayoutKanban,
  IconListCheck,
  IconTool,
  IconUser,
} from '@tabler/icons-react';

const ICONS = {
  demandas: IconLayoutKanban,
  tarefas: IconListCheck,
  ordens_servico: IconTool,
  contratos: IconFileText,
  pessoas: IconUser,
  veiculos: IconCar,
  inventario: IconBox,
  solicitacoes: IconInbox,
} satisfies Record<SearchArea, unknown>;

/** The icon beside a search result of an area. */
export function AreaIcon({ area }: { area: SearchArea }) {
  const Icon = ICONS[area];
  return <Icon size={20} stroke={1.6} aria-hidden />;
}
