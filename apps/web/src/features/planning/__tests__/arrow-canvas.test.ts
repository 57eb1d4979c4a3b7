import { describe, expect, it } from 'vitest';

import { arrowLayers, paintArrows, visibleLinks, type ArrowPen } from '../gantt/arrow-canvas.ts';
import { buildArrowLines, linesInView, type LaidOutLink, type View } from '../gantt/arrow-lines.ts';

/** A pen that writes down what it was asked to draw. */
function recorder() {
  const calls: string[] = [];
  const pen: ArrowPen = {
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    beginPath: () => calls.push('begin'),
    moveTo: (x, y) => calls.push(`M${x},${y}`),
    lineTo: (x, y) => calls.push(`L${x},${y}`),
    closePath: () => calls.push('Z'),
    stroke: () => calls.push(`stroke ${String(pen.strokeStyle)} ${pen.lineWidth} ${pen.lineCap}`),
    clearRect: (x, y, w, h) => calls.push(`clear ${x},${y},${w},${h}`),
    setTransform: (a: unknown) => calls.push(`scale ${String(a)}`),
  };
  return { pen, calls };
}

/** A link laid out as SVAR does: its polyline and the box around it. */
function link(id: number, points: number[]): LaidOutLink {
  const xs = points.filter((_, i) => i % 2 === 0);
  const ys = points.filter((_, i) => i % 2 === 1);
  return {
    id,
    $p: points.join(','),
    $x1: Math.min(...xs),
    $x2: Math.max(...xs),
    $y1: Math.min(...ys),
    $y2: Math.max(...ys),
  };
}

/** SVAR's finish-to-start path: right 20 px, down, right to 20 px before the target, head. */
function arrow(id: number, from: [number, number], to: [number, number]): LaidOutLink {
  const [x1, y1] = from;
  const [x2, y2] = to;
  return link(id, [
    x1,
    y1,
    x1 + 20,
    y1,
    x1 + 20,
    y2,
    x2 - 20,
    y2,
    x2,
    y2,
    x2 - 5,
    y2 - 3,
    x2 - 5,
    y2 + 3,
    x2,
    y2,
  ]);
}

/** Everything `linesInView` hands out, as text. */
function shapes(links: LaidOutLink[], view: View): string[] {
  const out: string[] = [];
  linesInView(buildArrowLines(links), view, {
    line: (x1, y1, x2, y2) => out.push(`line ${x1},${y1} ${x2},${y2}`),
    head: (tx, ty, ax, ay, bx, by) => out.push(`head ${tx},${ty} ${ax},${ay} ${bx},${by}`),
  });
  return out;
}

const colours = { normal: 'rgb(1, 2, 3)', critical: 'rgb(200, 0, 0)' };
const view: View = { left: 100, top: 1000, width: 600, height: 500 };

describe('Gantt arrows canvas', () => {
  it('counts the arrows whose box crosses the view', () => {
    const inside = link(1, [150, 1100, 170, 1100, 170, 1200]);
    const above = link(2, [150, 100, 170, 100, 170, 200]);
    const right = link(3, [900, 1100, 950, 1100]);
    // from far above to far below: crosses the view without a point in it
    const through = link(4, [120, 10, 140, 10, 140, 90_000]);
    const hidden = { ...link(5, [150, 1100, 160, 1100]), $p: '' };
    expect(visibleLinks([inside, above, right, through, hidden], view).map((l) => l.id)).toEqual([
      1, 4,
    ]);
  });

  it('hands out runs and the arrowhead in view coordinates', () => {
    expect(shapes([arrow(1, [200, 1100], [400, 1200])], view)).toEqual([
      'line 120,100 120,200', // down from the source's row to the target's
      'line 100,100 120,100', // out of the source bar
      'line 120,200 300,200', // along the target's row, up to the tip
      'head 300,200 295,197 295,203',
    ]);
  });

  it('paints shared stretches once: arrows leaving one bar down one column merge', () => {
    // three successors of one task: the same first run and the same column, further each time
    const lines = shapes(
      [
        arrow(1, [200, 1100], [400, 1150]),
        arrow(2, [200, 1100], [400, 1300]),
        arrow(3, [200, 1100], [400, 1250]),
      ],
      view,
    );
    expect(lines.filter((l) => /^line 120,-?\d+ 120,/.test(l))).toEqual(['line 120,100 120,300']);
    expect(lines.filter((l) => l.startsWith('line 100,100'))).toEqual(['line 100,100 120,100']);
    expect(lines.filter((l) => l.startsWith('head'))).toHaveLength(3);
  });

  it('cuts a run that crosses the view at its edges and skips what is out of view', () => {
    const long = arrow(1, [200, 10], [400, 90_000]);
    const far = arrow(2, [5_000, 1100], [5_400, 1200]);
    expect(shapes([long, far], view)).toEqual(['line 120,-4 120,504']);
  });

  it('paints plain arrows first and critical ones on top, with square ends', () => {
    const { pen, calls } = recorder();
    const plain = arrow(1, [200, 1100], [400, 1200]);
    const hot = link(2, [300, 1300, 320, 1300]);
    paintArrows(pen, arrowLayers([hot, plain], new Set(['2'])), view, colours, 2);
    expect(calls.slice(0, 3)).toEqual(['scale 2', 'clear 0,0,600,500', 'begin']);
    const strokes = calls.filter((c) => c.startsWith('stroke'));
    expect(strokes).toEqual(['stroke rgb(1, 2, 3) 2 square', 'stroke rgb(200, 0, 0) 2 square']);
    const critical = calls.slice(calls.indexOf(strokes[0]!) + 1);
    expect(critical).toEqual(['begin', 'M200,300', 'L220,300', strokes[1]]);
    expect(calls).toContain('Z'); // the plain arrow's head is a closed triangle
  });

  it('clears what was drawn before even with no arrow in view', () => {
    const { pen, calls } = recorder();
    paintArrows(pen, arrowLayers([link(1, [0, 0, 10, 0])], new Set()), view, colours, 1);
    expect(calls.filter((c) => c.startsWith('M') || c.startsWith('L'))).toEqual([]);
    expect(calls[1]).toBe('clear 0,0,600,500');
  });
});
