import '../../test/setup-dom.ts';

import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { CALENDAR_LOCALE } from '../calendar-locale.ts';

describe('month grid of the app calendars', () => {
  it('starts the week on Monday, in Portuguese', () => {
    const { container } = render(
      <FullCalendar
        plugins={[dayGridPlugin]}
        {...CALENDAR_LOCALE}
        initialView="dayGridMonth"
        initialDate="2026-11-10"
        headerToolbar={false}
      />,
    );
    const heads = [...container.querySelectorAll('[role="columnheader"]')].map((h) =>
      h.textContent?.trim(),
    );
    expect(heads).toHaveLength(7);
    expect(heads[0]).toMatch(/^segunda-feira/);
    expect(heads[6]).toMatch(/^domingo/);
  });
});
