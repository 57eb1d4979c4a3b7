import {
  IconActivity,
  IconArrowsExchange,
  IconCalendarEvent,
  IconCalendarTime,
  IconChecklist,
  IconCircleCheck,
  IconCircleX,
  IconCoin,
  IconEye,
  IconLink,
  IconLinkOff,
  IconMessage,
  IconNote,
  IconPaperclip,
  IconPencil,
  IconPlus,
  IconRepeat,
  IconTrash,
  IconUserCheck,
  IconUserMinus,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';

import { dayjs } from '../../../lib/dates.ts';

interface ActionLook {
  icon: Icon;
  color: string;
}

const LOOKS: Record<string, ActionLook> = {
  criada: { icon: IconPlus, color: 'teal' },
  editada: { icon: IconPencil, color: 'gray' },
  etapa_alterada: { icon: IconArrowsExchange, color: 'brand' },
  responsavel_alterado: { icon: IconUserCheck, color: 'grape' },
  datas_alteradas: { icon: IconCalendarEvent, color: 'orange' },
  datas_cascata: { icon: IconCalendarTime, color: 'orange' },
  mensagem: { icon: IconMessage, color: 'blue' },
  anexo_adicionado: { icon: IconPaperclip, color: 'cyan' },
  anexo_removido: { icon: IconTrash, color: 'red' },
  participante_adicionado: { icon: IconUserPlus, color: 'grape' },
  participante_removido: { icon: IconUserMinus, color: 'red' },
  tarefa_alterada: { icon: IconChecklist, color: 'brand' },
  dependencia_adicionada: { icon: IconLink, color: 'indigo' },
  dependencia_removida: { icon: IconLinkOff, color: 'red' },
  revisao_solicitada: { icon: IconEye, color: 'yellow' },
  revisao_aprovada: { icon: IconCircleCheck, color: 'teal' },
  revisao_rejeitada: { icon: IconCircleX, color: 'red' },
  nota: { icon: IconNote, color: 'gray' },
};

/** Icon and colour of a history action (finance and recurrence actions by their prefix). */
export function actionLook(action: string): ActionLook {
  const exact = LOOKS[action];
  if (exact) return exact;
  if (action.startsWith('financeiro_')) return { icon: IconCoin, color: 'green' };
  if (action.startsWith('recorrencia_')) return { icon: IconRepeat, color: 'violet' };
  return { icon: IconActivity, color: 'gray' };
}

/** Heading of a day in the stream: "Hoje", "Ontem" or "sexta-feira, 20 de novembro". */
export function dayHeading(iso: string, now: Date = new Date()): string {
  const d = dayjs(iso);
  const today = dayjs(now).startOf('day');
  if (d.isSame(today, 'day')) return 'Hoje';
  if (d.isSame(today.subtract(1, 'day'), 'day')) return 'Ontem';
  const sameYear = d.year() === today.year();
  const text = d.format(sameYear ? 'dddd, D [de] MMMM' : 'dddd, D [de] MMMM [de] YYYY');
  return text.charAt(0).toLocaleUpperCase('pt-BR') + text.slice(1);
}

/** Items split by local calendar day, keeping their order (newest first). */
export function byDay<T extends { created_at: string }>(
  items: readonly T[],
): { day: string; items: T[] }[] {
  const out: { day: string; items: T[] }[] = [];
  for (const item of items) {
    const day = dayjs(item.created_at).format('YYYY-MM-DD');
    const last = out[out.length - 1];
    if (last && last.day === day) last.items.push(item);
    else out.push({ day, items: [item] });
  }
  return out;
}
