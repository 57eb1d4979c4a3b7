// Frame times, measured the same way by every bench that holds a figure to "60 fps p95".
//
// A frame's time is the gap between the timestamps requestAnimationFrame hands its callbacks:
// the begin time of each frame, on the display's beat (vsync). A gap of one beat (16.7 ms at
// 60 Hz) is a frame on time; two beats, a missed frame. The timestamps carry the timer's
// coarsening and the beat's own jitter (~0.1 ms), so each gap is rounded to whole beats before
// the percentiles; the raw p95 is kept in the report beside them.
//
// Not a frame time: performance.now() read after awaiting the callback. It moves with how long
// the page's own handlers ran before the callback in each frame, though the frame itself began
// on time (docs/lab-notes.md, "Frame times").
import type { Browser, Page } from '@playwright/test';

export const VSYNC_MS = 1000 / 60;

const r1 = (x: number) => Math.round(x * 10) / 10;

/** The p-quantile (0..1) of sorted values, nearest rank. */
export function at(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

export interface FrameStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** p95 of the gaps as measured, before rounding to whole beats. */
  rawP95: number;
  /** Gaps of two beats or more: frames that did not begin on their beat. */
  missed: number;
  missedPct: number;
}

/** Percentiles of rAF timestamp gaps, each rounded to whole vsync beats. */
export function frameStats(deltas: number[]): FrameStats {
  const beats = deltas
    .map((d) => Math.max(1, Math.round(d / VSYNC_MS)) * VSYNC_MS)
    .sort((a, b) => a - b);
  const raw = [...deltas].sort((a, b) => a - b);
  const missed = deltas.filter((d) => d > VSYNC_MS * 1.5).length;
  return {
    count: deltas.length,
    p50: r1(at(beats, 0.5)),
    p95: r1(at(beats, 0.95)),
    p99: r1(at(beats, 0.99)),
    max: r1(raw.at(-1) ?? 0),
    rawP95: r1(at(raw, 0.95)),
    missed,
    missedPct: deltas.length ? r1((missed * 100) / deltas.length) : 0,
  };
}

export interface ChromeFrames {
  /** Frames Chromium presented with the page's (main thread) update in them. */
  presented: number;
  /** Frames presented with only the compositor's part: the page's update came late. */
  partial: number;
  /** Frames Chromium dropped. */
  dropped: number;
}

export interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  args?: { frame_reporter?: { frame_sequence?: number; state?: string } };
}

/**
 * Chromium's own account of the frames while `run` runs (its PipelineReporter trace events,
 * which feed its smoothness metrics): a second opinion on the rAF figures that does not depend
 * on the page's timers.
 */
export async function chromeFrames<T>(
  browser: Browser,
  page: Page,
  run: () => Promise<T>,
): Promise<{ result: T; frames: ChromeFrames }> {
  await browser.startTracing(page, { categories: ['benchmark'] });
  const result = await run();
  const buffer = await browser.stopTracing();
  const parsed = JSON.parse(buffer.toString('utf8')) as
    { traceEvents: TraceEvent[] } | TraceEvent[];
  const frames = chromeFrameCounts(Array.isArray(parsed) ? parsed : parsed.traceEvents);
  return { result, frames };
}

/** Counts a trace's frames by the best state any of their PipelineReporter events reached. */
export function chromeFrameCounts(events: TraceEvent[]): ChromeFrames {
  // one frame may have several reporters (main thread and compositor): its best state counts
  const rank: Record<string, number> = {
    STATE_DROPPED: 1,
    STATE_PRESENTED_PARTIAL: 2,
    STATE_PRESENTED_ALL: 3,
  };
  // per process (the page's renderer has the most; the browser's own UI reports a few)
  const byPid = new Map<number, Map<number, number>>();
  for (const e of events) {
    if (e.name !== 'PipelineReporter' || e.ph !== 'b') continue;
    const r = e.args?.frame_reporter;
    const score = rank[r?.state ?? ''];
    if (!r || score === undefined || r.frame_sequence === undefined) continue;
    const seqs = byPid.get(e.pid ?? 0) ?? new Map<number, number>();
    byPid.set(e.pid ?? 0, seqs);
    seqs.set(r.frame_sequence, Math.max(seqs.get(r.frame_sequence) ?? 0, score));
  }
  const renderer = [...byPid.values()].sort((a, b) => b.size - a.size)[0] ?? new Map();
  const frames: ChromeFrames = { presented: 0, partial: 0, dropped: 0 };
  for (const score of renderer.values()) {
    if (score === 3) frames.presented += 1;
    else if (score === 2) frames.partial += 1;
    else frames.dropped += 1;
  }
  return frames;
}
