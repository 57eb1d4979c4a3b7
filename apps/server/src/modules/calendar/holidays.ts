import type { HolidayCity, NonWorkingDay, Uf } from '@eproto/domain';
import { UFS } from '@eproto/domain';
import Holidays from 'date-holidays';

/** Where a plan's work happens: the holidays of Brazil, of its state and of its city. */
export interface Place {
  uf: string | null;
  municipio: string | null;
}

/**
 * The kinds of date-holidays entries nobody works on: 'public' (feriado) and 'bank' (Carnaval
 * and Corpus Christi, pontos facultativos every company here closes on). 'optional' (Ash
 * Wednesday morning, Christmas Eve) and 'observance' (Mother's Day) are working days.
 */
const DAY_OFF_TYPES = new Set(['public', 'bank']);

/** Names as people here say them (the library's Portuguese leans to Portugal's). */
const NAMES: Record<string, string> = {
  'Corpo de Deus': 'Corpus Christi',
  'Dia do trabalhador': 'Dia do Trabalhador',
  'Aniversário da Cidade': 'Aniversário da cidade',
};

const calendars = new Map<string, Holidays>();

function holidaysOf(uf?: string, city?: string): Holidays {
  const key = [uf ?? '', city ?? ''].join('/');
  let h = calendars.get(key);
  if (!h) {
    const opts = { languages: ['pt'], timezone: 'America/Sao_Paulo' };
    h =
      uf && city
        ? new Holidays('BR', uf, city, opts)
        : uf
          ? new Holidays('BR', uf, opts)
          : new Holidays('BR', opts);
    calendars.set(key, h);
  }
  return h;
}

/** 'YYYY-MM-DD' → name of each day off of `h` in [from, to]. */
function daysOff(h: Holidays, from: string, to: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const day of h.getHolidays(y)) {
      if (!DAY_OFF_TYPES.has(day.type)) continue;
      const date = day.date.slice(0, 10);
      if (date < from || date > to || out.has(date)) continue;
      out.set(date, NAMES[day.name] ?? day.name);
    }
  }
  return out;
}

/** True when date-holidays knows `municipio` as a city of `uf`. */
export function isKnownCity(uf: string, municipio: string): boolean {
  const regions = new Holidays().getRegions('BR', uf) as Record<string, string> | undefined;
  return !!regions && Object.hasOwn(regions, municipio);
}

/** The cities with holidays of their own (date-holidays knows the capitals), per state. */
export function holidayCities(): HolidayCity[] {
  const lib = new Holidays();
  return UFS.flatMap((uf: Uf) =>
    Object.entries((lib.getRegions('BR', uf) as Record<string, string> | undefined) ?? {}).map(
      ([codigo, nome]) => ({ uf, codigo, nome }),
    ),
  ).sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

/** Holidays of a place in [from, to], each marked national, state or municipal. */
export function holidaysBetween(place: Place, from: string, to: string): NonWorkingDay[] {
  const national = daysOff(holidaysOf(), from, to);
  const state = place.uf ? daysOff(holidaysOf(place.uf), from, to) : new Map<string, string>();
  const city =
    place.uf && place.municipio && isKnownCity(place.uf, place.municipio)
      ? daysOff(holidaysOf(place.uf, place.municipio), from, to)
      : new Map<string, string>();
  const out: NonWorkingDay[] = [];
  for (const [data, nome] of national) out.push({ data, nome, origem: 'nacional' });
  for (const [data, nome] of state) {
    if (!national.has(data)) out.push({ data, nome, origem: 'estadual' });
  }
  for (const [data, nome] of city) {
    if (!national.has(data) && !state.has(data)) out.push({ data, nome, origem: 'municipal' });
  }
  return out.sort((a, b) => a.data.localeCompare(b.data));
}

/** How a place is named to people: 'Brasil', 'SP' or 'São Paulo/SP'. */
export function placeName(place: Place): string {
  if (!place.uf) return 'Brasil';
  if (!place.municipio) return place.uf;
  const regions = new Holidays().getRegions('BR', place.uf) as Record<string, string> | undefined;
  const nome = regions?.[place.municipio];
  return nome ? `${nome}/${place.uf}` : place.uf;
}
