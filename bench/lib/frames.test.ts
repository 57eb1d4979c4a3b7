import { describe, expect, it } from 'vitest';
import { chromeFrameCounts, frameStats, type TraceEvent } from './frames.ts';

describe('frameStats', () => {
  it('rounds rAF gaps to whole vsync beats, so timer jitter is not a slow frame', () => {
    const gaps = [...Array<number>(95).fill(16.7), ...Array<number>(5).fill(16.8)];
    const f = frameStats(gaps);
    expect(f.p95).toBe(16.7);
    expect(f.rawP95).toBe(16.7);
    expect(f.max).toBe(16.8);
    expect(f.missed).toBe(0);
  });

  it('counts a gap of two beats or more as missed, and p95 shows it past 5%', () => {
    const gaps = [
      ...Array<number>(90).fill(16.7),
      ...Array<number>(6).fill(33.3),
      ...Array<number>(4).fill(50),
    ];
    const f = frameStats(gaps);
    expect(f.missed).toBe(10);
    expect(f.missedPct).toBe(10);
    expect(f.p50).toBe(16.7);
    expect(f.p95).toBe(33.3);
    expect(f.p99).toBe(50);
  });

  it('keeps p95 at one beat while at most 5% of frames are missed', () => {
    const gaps = [...Array<number>(95).fill(16.6), ...Array<number>(5).fill(33.4)];
    expect(frameStats(gaps).p95).toBe(16.7);
    expect(frameStats([...gaps, 33.4]).p95).toBe(33.3);
  });
});

describe('chromeFrameCounts', () => {
  const reporter = (pid: number, seq: number, state: string): TraceEvent => ({
    name: 'PipelineReporter',
    ph: 'b',
    pid,
    args: { frame_reporter: { frame_sequence: seq, state } },
  });

  it('takes the best state of each frame in the renderer with the most frames', () => {
    const events: TraceEvent[] = [
      reporter(7, 1, 'STATE_PRESENTED_PARTIAL'),
      reporter(7, 1, 'STATE_PRESENTED_ALL'),
      reporter(7, 2, 'STATE_PRESENTED_PARTIAL'),
      reporter(7, 3, 'STATE_DROPPED'),
      reporter(7, 4, 'STATE_NO_UPDATE_DESIRED'),
      { name: 'PipelineReporter', ph: 'e', pid: 7 },
      reporter(1, 9, 'STATE_PRESENTED_ALL'), // the browser's own UI
      { name: 'DrawFrame', ph: 'I', pid: 7 },
    ];
    expect(chromeFrameCounts(events)).toEqual({ presented: 1, partial: 1, dropped: 1 });
  });
});
