import { expect, test, type Page } from '@playwright/test';
import { login } from './support/auth.ts';

const SPA = { 'x-requested-with': 'eproto' };
const ZONE = 'America/Sao_Paulo';

/** 'YYYY-MM-DD' of today + n days in the company time zone (the browser runs in it too). */
function dayFromToday(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** "dd/mm" as the Gantt grid shows a date. */
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

async function post<T>(page: Page, url: string, data: object): Promise<T> {
  const res = await page.request.post(url, { headers: SPA, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A demand of its own with tasks, created through the API as the signed-in gestor. */
async function demandWithTasks(
  page: Page,
  tag: string,
  tasks: { titulo: string; ini: string; fim: string }[],
) {
  const boards = (await (await page.request.get('/api/eproto/boards')).json()) as { id: number }[];
  const mural = await post<{ id: number }>(page, '/api/eproto/murals', {
    titulo: `Planejamento e2e ${tag}`,
    board_id: boards[0]!.id,
  });
  const ids: number[] = [];
  for (const t of tasks) {
    const task = await post<{ id: number }>(page, '/api/eproto/protocols', {
      mural_id: mural.id,
      titulo: t.titulo,
      inicio_previsto: t.ini,
      fim_previsto: t.fim,
    });
    ids.push(task.id);
  }
  return { muralId: mural.id, ids };
}

test.use({ viewport: { width: 1440, height: 900 } });

test('dragging a Gantt bar moves its successor, as seen after a reload', async ({ page }) => {
  await login(page, 'gerente@eproto.test');
  const tag = Date.now().toString(36);
  const a = { titulo: `Escavação ${tag}`, ini: dayFromToday(2), fim: dayFromToday(4) };
  const b = { titulo: `Concretagem ${tag}`, ini: dayFromToday(5), fim: dayFromToday(6) };
  const { muralId, ids } = await demandWithTasks(page, tag, [a, b]);
  // b starts the day after a ends (finish-to-start, no lag)
  await post(page, `/api/eproto/protocols/${ids[1]}/dependencies`, {
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

test('the calendar shows a task on its date', async ({ page }) => {
  await login(page, 'gerente@eproto.test');
  const tag = Date.now().toString(36);
  const day = dayFromToday(1);
  const titulo = `Vistoria do poste ${tag}`;
  const { muralId } = await demandWithTasks(page, tag, [{ titulo, ini: day, fim: day }]);

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
  const dayCell = page.locator(`[role="cell"][data-date="${day}"]`);
  const link = page.getByRole('link', { name: titulo });
  await expect(dayCell).toBeVisible();
  await expect(
    dayCell.getByText(/mais$/).or(dayCell.getByRole('link', { name: titulo })),
  ).toBeVisible();
  if (!(await dayCell.getByRole('link', { name: titulo }).isVisible())) {
    await dayCell.getByText(/mais$/).click();
  }
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/eproto\/protocols\/\d+$/);
});
