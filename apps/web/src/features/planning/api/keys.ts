/** Query of GET /eproto/gantt/team as the page sends it. */
export interface TeamGanttParams {
  start: string;
  end: string;
  coordenador_id?: number;
}

/** Query of GET /eproto/team/load and /team/load/vehicles as the Carga tab sends it. */
export interface TeamLoadParams {
  inicio?: string;
  semanas?: number;
  contrato_id?: number;
  coordenador_id?: number;
  jornada_minutos?: number;
}

/** Query of GET /eproto/calendar as the page sends it. */
export interface CalendarParams {
  start: string;
  end: string;
  type?: 'mural' | 'task';
}

/**
 * Query keys of the planning views. They start with 'gantt', 'calendar' and 'feed' on purpose:
 * the push channel refetches those prefixes when a demand or task changes (app/realtime).
 */
export const planningKeys = {
  gantt: ['gantt'] as const,
  muralGantt: (id: number) => ['gantt', 'mural', id] as const,
  teamGantt: (q: TeamGanttParams) => ['gantt', 'team', q] as const,
  teamMembers: (coordenadorId: number | null) => ['gantt', 'members', coordenadorId] as const,
  coordenadores: ['gantt', 'coordenadores'] as const,
  // Under 'gantt' too: a task's change patches the load's people (get-planning-changes.ts).
  teamLoad: (q: TeamLoadParams) => ['gantt', 'load', 'pessoas', q] as const,
  vehicleLoad: (q: TeamLoadParams) => ['gantt', 'load', 'veiculos', q] as const,
  calendar: ['calendar'] as const,
  calendarRange: (q: CalendarParams) => ['calendar', 'range', q] as const,
  muralCalendar: (id: number) => ['calendar', 'mural', id] as const,
  feed: ['feed'] as const,
};
