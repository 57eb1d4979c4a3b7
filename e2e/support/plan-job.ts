import { expect, test } from '@playwright/test';

/** Minutes of the hour around the hourly plan job ('asset-plans', cron '23 * * * *'). */
const JOB_MINUTES = [21, 22, 23, 24, 25];

/**
 * The hourly plan job opens the same OSs as "Gerar OSs agora" (once per due date, whoever comes
 * first). A spec that counts what the button opened starts clear of the job's minute: inside
 * it, it waits until the minute has passed (its time limit grows by that wait).
 */
export async function clearOfPlanJob(): Promise<void> {
  if (!JOB_MINUTES.includes(new Date().getMinutes())) return;
  test.info().setTimeout(test.info().timeout + 6 * 60_000);
  await expect
    .poll(() => JOB_MINUTES.includes(new Date().getMinutes()), {
      timeout: 6 * 60_000,
      intervals: [5_000],
    })
    .toBe(false);
}
