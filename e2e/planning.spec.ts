import type { Page } from '@playwright/test';
import { DESKTOP, PHONE } from './support/devices.ts';
import { expect, post, test, type People } from './support/people.ts';
import { dayFromToday, demand, task, team } from './support/work.ts';

// Each test plans a demand of its own, as a gerente of its own.

/** "dd/mm" as the Gantt grid shows a date. */
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** A gerente of its own with a demand and its tasks; answers the signed-in page too. */
async function demandWithTasks(
  people: People,
  tag: string,
  tasks: { titulo: string; ini: string; fim: string }[],
): Promise<{
  page: Page;
  muralId: number;
  ids: number[];
  api: Awaited<ReturnType<typeof team>>['api'];
}> {
  const t = await team(people, 'Gerente');
  const mural = await demand(t, { titulo: `Planejamento e2e ${tag}` });
  const ids: number[] = [];
  for (const x of tasks) {
    const created = await task(t, {
      mural_id: mural.id,
      titulo: x.titulo,
      inicio_previsto: x.ini,
      fim_previsto: x.fim,
    });
    ids.push(created.id);
  }
  const page = await people.page(t.gestor);
  return { page, muralId: mural.id, ids, api: t.api };
}

test.use(DESKTOP);

test('dragging a Gantt bar moves its successor, as seen after a reload', async ({ people }) => {
  const tag = people.tag();
  const a = { titulo: `Escavação ${tag}`, ini: dayFromToday(2), fim: dayFromToday(4) };
  const b = { titulo: `Concretagem ${tag}`, ini: dayFromToday(5), fim: dayFromToday(6) };
  const { page, muralId, ids, api } = await demandWithTasks(people, tag, [a, b]);
  // b starts the day after a ends (finish-to-start, no lag)
  await post(api, `/api/eproto/protocols/${ids[1]}/dependencies`, {
    predecessor_id: ids[0],
    lag_days: 0,
  });

  await page.goto(`/eproto/murals/${muralId}?aba=gantt`);
  const rowB = page.locator('.wx-grid .wx-row', { hasText: b.titulo });
  await expect(rowB).toContainText(ddmm(b.ini));
  // the dependency arrow is painted on the arrows' canvas (pixels drawn, not only counted)
  const arrows = page.locator('canvas.eproto-arrows');
  await expect(arrows).toHaveAttribute('data-arrows', '1');
  const ink = () =>
    arrows.evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      const count = new Map<string, number>();
      let inked = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]! === 0) continue;
        inked += 1;
        if (data[i + 3]! < 255) continue; // anti-aliased edges
        const rgb = `rgb(${data[i]}, ${data[i + 1]}, ${data[i + 2]})`;
        count.set(rgb, (count.get(rgb) ?? 0) + 1);
      }
      const main = [...count].sort((x, y) => y[1] - x[1])[0]?.[0];
      return { inked, main };
    });
  // the colour the theme gives a CSS variable where the arrows are drawn
  const themed = (variable: string) =>
    page.locator('.eproto-gantt .wx-area').evaluate((area, v) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${v})`;
      area.appendChild(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    }, variable);
  const onPath = await ink();
  expect(onPath.inked).toBeGreaterThan(20);
  // a chain of two tasks is the critical path: its arrow is red, and plain once that is off
  expect(onPath.main).toBe(await themed('--eproto-critical'));
  await page.getByRole('switch', { name: 'Caminho crítico' }).click({ force: true });
  await expect.poll(async () => (await ink()).main).toBe(await themed('--wx-gantt-link-color'));
  await page.getByRole('switch', { name: 'Caminho crítico' }).click({ force: true });

  // Day zoom: one day is one 38 px cell. Move a three days later.
  const bar = page.locator(`.wx-bar[data-id="${ids[0]}"]`);
  const box = (await bar.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/eproto/protocols/${ids[0]}`),
  );
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 60, y, { steps: 6 });
  await page.mouse.move(x + 3 * 38, y, { steps: 6 });
  await page.mouse.up();
  const res = await saved;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { fim_previsto: string; cascaded: { id: number }[] };
  expect(body.fim_previsto).toBe(dayFromToday(7));
  expect(body.cascaded.map((c) => c.id)).toEqual([ids[1]]);
  await expect(page.getByText('Datas atualizadas; 1 tarefa sucessora foi ajustada.')).toBeVisible();

  await page.reload();
  const rowA = page.locator('.wx-grid .wx-row', { hasText: a.titulo });
  await expect(rowA).toContainText(ddmm(dayFromToday(5)));
  // b now starts the day after a's new end (day 7 + 1) and keeps its two days
  await expect(rowB).toContainText(ddmm(dayFromToday(8)));
  await expect(rowB).toContainText(ddmm(dayFromToday(9)));
});

test('the calendar shows a task on its date', async ({ people }) => {
  const tag = people.tag();
  const day = dayFromToday(1);
  const titulo = `Vistoria do poste ${tag}`;
  const { page, muralId } = await demandWithTasks(people, tag, [{ titulo, ini: day, fim: day }]);

  // The demand's Calendário tab: only its own items.
  await page.goto(`/eproto/murals/${muralId}?aba=calendario`);
  const cell = page.locator(`[role="cell"][data-date="${day}"]`);
  await expect(cell.getByRole('link', { name: titulo })).toBeVisible();

  // /eproto/calendar, tasks only: on its day, or behind that day's "+N mais".
  await page.goto('/eproto/calendar');
  await page
    .locator('label')
    .filter({ hasText: /^Tarefas$/ })
    .click();
  await expect(page.getByRole('radio', { name: 'Tarefas' })).toBeChecked();
  // Only this gerente's task is on the calendar: it is shown on its day.
  const link = page
    .locator(`[role="cell"][data-date="${day}"]`)
    .getByRole('link', { name: titulo });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/eproto\/protocols\/\d+$/);
});

test.describe('on a touch phone', () => {
  test.use(PHONE);

  test("the team timeline shows each row's name and whole bar labels", async ({ people }) => {
    const tag = people.tag();
    const t = await team(people, 'Gerente', ['Equipe']);
    const worker = t.members[0]!;
    const mural = await demand(t, { titulo: `Obra ${tag}` });
    const first = `Vistoria ${tag}`;
    // ends on the period's last day: its label cannot run on to the right, so it ends at its bar
    const last = `Relatório final de entrega ${tag}`;
    for (const [titulo, ini, fim] of [
      [first, dayFromToday(1), dayFromToday(2)],
      [last, dayFromToday(9), dayFromToday(10)],
    ] as const) {
      await task(t, {
        mural_id: mural.id,
        titulo,
        responsavel_id: worker.id,
        inicio_previsto: ini,
        fim_previsto: fim,
      });
    }
    const page = await people.page(t.gestor);
    await page.goto(`/eproto/gantt?zoom=dia&inicio=${dayFromToday(-2)}&fim=${dayFromToday(10)}`);

    const chart = page.locator('.eproto-gantt .wx-chart');
    await chart.scrollIntoViewIfNeeded();
    // The person's row comes first: its name is the element on top at its centre (not the header).
    const name = page.locator('.eproto-bar--group .eproto-bar__text', { hasText: worker.nome });
    await expect(name).toBeVisible();
    // wholly below the time scale, and the element on top where it is
    const onTop = (label: typeof name) =>
      label.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const scale = el.closest('.eproto-gantt')!.querySelector('.wx-scale')!;
        const hit = document.elementFromPoint(
          r.left + Math.min(r.width / 2, 20),
          r.top + r.height / 2,
        );
        return r.top >= scale.getBoundingClientRect().bottom && (hit === el || el.contains(hit));
      });
    expect(await onTop(name)).toBe(true);

    // Task labels are whole: inside the time area, not cut with an ellipsis.
    for (const titulo of [first, last]) {
      const label = page.locator('.eproto-bar__text', { hasText: titulo });
      await chart.evaluate((c, x) => (c.scrollLeft = x), 0);
      await label.evaluate((el) => el.scrollIntoView({ inline: 'nearest', block: 'nearest' }));
      await expect(label).toBeVisible();
      const fits = await label.evaluate((el) => {
        const area = el.closest('.wx-area')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return el.scrollWidth <= el.clientWidth + 1 && r.left >= area.left && r.right <= area.right;
      });
      expect(fits, titulo).toBe(true);
      expect(await onTop(label), titulo).toBe(true);
    }

    // The red corner of a late bar is explained in the legend.
    await expect(
      page.getByLabel('Legenda').getByText('Atrasada (fim previsto já passou)'),
    ).toBeVisible();
  });
});
