/**
 * The Gantt's dependency arrows as lines to paint: SVAR lays each arrow out as an orthogonal
 * polyline plus a small arrowhead, and in a team chart hundreds of them run along the same
 * columns and rows (up to ~2,000 cross the view at 5,000 tasks). Painting them one by one
 * rasterised the same pixels again and again on every scroll frame; the index below merges
 * overlapping vertical and horizontal runs once per layout, so a frame paints each visible run
 * once and finds it by binary search.
 */

/** What SVAR's store keeps for each laid-out link (chart coordinates, in CSS pixels). */
export interface LaidOutLink {
  id: number | string;
  /** Polyline with its arrowhead: "x,y,x,y,..."; empty when an end is not drawn. */
  $p: string;
  $x1: number;
  $x2: number;
  $y1: number;
  $y2: number;
}

/** The part of the chart on screen, in chart coordinates. */
export interface View {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Runs on lines of one coordinate (x for vertical runs, y for horizontal ones). */
interface Runs {
  /** Sorted line coordinates. */
  at: number[];
  /** For each line, merged runs as [from, to, from, to, ...] sorted by `from`. */
  spans: number[][];
}

/** Merged lines of one colour. */
export interface ArrowLines {
  vertical: Runs;
  horizontal: Runs;
  /** Arrowheads as triangles [tipX, tipY, ax, ay, bx, by], sorted by tipY. */
  heads: number[][];
  /** Any other slanted segment as [x1, y1, x2, y2], sorted by y1 (SVAR draws none today). */
  slanted: number[][];
  /** How far above its sort key a head or slanted segment may reach. */
  reach: number;
}

/** Runs collected per line (flat [from, to, ...]), merged once all are in. */
class RunList {
  private byLine = new Map<number, number[]>();

  add(line: number, a: number, b: number) {
    const from = a < b ? a : b;
    const to = a < b ? b : a;
    const list = this.byLine.get(line);
    if (list) list.push(from, to);
    else this.byLine.set(line, [from, to]);
  }

  /** Lines in order; on each, runs by start, overlapping or touching ones made one. */
  merge(): Runs {
    // a drag re-lays out the links on every step, so this avoids a comparator sort and tuples:
    // one native sort of the line keys, then an in-place insertion sort of each (short) line
    const at = Array.from(Float64Array.from(this.byLine.keys()).sort());
    const spans = at.map((line) => {
      const s = this.byLine.get(line)!;
      for (let i = 2; i < s.length; i += 2) {
        const from = s[i]!;
        const to = s[i + 1]!;
        let j = i - 2;
        while (j >= 0 && s[j]! > from) {
          s[j + 2] = s[j]!;
          s[j + 3] = s[j + 1]!;
          j -= 2;
        }
        s[j + 2] = from;
        s[j + 3] = to;
      }
      let w = 0;
      for (let i = 0; i < s.length; i += 2) {
        if (w > 0 && s[i]! <= s[w - 1]!) s[w - 1] = Math.max(s[w - 1]!, s[i + 1]!);
        else {
          s[w] = s[i]!;
          s[w + 1] = s[i + 1]!;
          w += 2;
        }
      }
      s.length = w;
      return s;
    });
    return { at, spans };
  }
}

/** Parsed paths, kept while SVAR keeps a link's path (a drag rewrites only the moved ones). */
const parsed = new WeakMap<LaidOutLink, { path: string; points: number[] }>();

function pointsOf(link: LaidOutLink): number[] {
  const hit = parsed.get(link);
  if (hit?.path === link.$p) return hit.points;
  const points = link.$p.split(',').map(Number);
  parsed.set(link, { path: link.$p, points });
  return points;
}

/**
 * SVAR ends every path with an arrowhead drawn back to the tip: ..., tip, a, b, tip. Returns the
 * length of the path before the head, or the whole length if it does not end that way.
 */
function headStart(p: readonly number[]): number {
  const n = p.length;
  if (n < 10) return n;
  return p[n - 8] === p[n - 2] && p[n - 7] === p[n - 1] ? n - 6 : n;
}

/** Splits the links' polylines into merged vertical and horizontal runs, heads and the rest. */
export function buildArrowLines(links: readonly LaidOutLink[]): ArrowLines {
  const vertical = new RunList();
  const horizontal = new RunList();
  const heads: number[][] = [];
  const slanted: number[][] = [];
  let reach = 0;
  for (const link of links) {
    if (!link.$p) continue;
    const p = pointsOf(link);
    const end = headStart(p);
    if (end < p.length) {
      const ty = p[end - 1]!;
      heads.push([p[end - 2]!, ty, p[end]!, p[end + 1]!, p[end + 2]!, p[end + 3]!]);
      reach = Math.max(reach, ty - p[end + 1]!, ty - p[end + 3]!);
    }
    for (let i = 0; i + 3 < end; i += 2) {
      const x1 = p[i]!;
      const y1 = p[i + 1]!;
      const x2 = p[i + 2]!;
      const y2 = p[i + 3]!;
      if (x1 === x2) {
        if (y1 !== y2) vertical.add(x1, y1, y2);
      } else if (y1 === y2) horizontal.add(y1, x1, x2);
      else {
        slanted.push(y1 <= y2 ? [x1, y1, x2, y2] : [x2, y2, x1, y1]);
        reach = Math.max(reach, Math.abs(y2 - y1));
      }
    }
  }
  heads.sort((a, b) => a[1]! - b[1]!);
  slanted.sort((a, b) => a[1]! - b[1]!);
  return {
    vertical: vertical.merge(),
    horizontal: horizontal.merge(),
    heads,
    slanted,
    reach,
  };
}

/** First index in the sorted `list` whose value (read by `of`) is >= `value`. */
function lowerBound<T>(list: readonly T[], value: number, of: (item: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (of(list[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What a frame paints, in view coordinates. */
export interface LinePainter {
  /** A straight run or segment. */
  line(x1: number, y1: number, x2: number, y2: number): void;
  /** An arrowhead: a closed triangle. */
  head(tipX: number, tipY: number, ax: number, ay: number, bx: number, by: number): void;
}

/**
 * Hands the painter every run, segment and arrowhead that crosses the view, in view coordinates
 * (runs are cut a little beyond the view's edges, so their ends never show).
 */
export function linesInView(lines: ArrowLines, view: View, paint: LinePainter) {
  const margin = 4;
  const left = view.left - margin;
  const right = view.left + view.width + margin;
  const top = view.top - margin;
  const bottom = view.top + view.height + margin;
  const dx = view.left;
  const dy = view.top;
  const runs = (r: Runs, upright: boolean) => {
    const [lineFrom, lineTo, spanFrom, spanTo] = upright
      ? [left, right, top, bottom]
      : [top, bottom, left, right];
    for (let i = lowerBound(r.at, lineFrom, (v) => v); i < r.at.length; i += 1) {
      const line = r.at[i]!;
      if (line > lineTo) break;
      const s = r.spans[i]!;
      // spans are disjoint and sorted, so their ends are sorted too: skip those ending before
      let lo = 0;
      let hi = s.length / 2;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (s[mid * 2 + 1]! < spanFrom) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo * 2; k < s.length && s[k]! <= spanTo; k += 2) {
        const from = Math.max(s[k]!, spanFrom);
        const to = Math.min(s[k + 1]!, spanTo);
        if (upright) paint.line(line - dx, from - dy, line - dx, to - dy);
        else paint.line(from - dx, line - dy, to - dx, line - dy);
      }
    }
  };
  runs(lines.vertical, true);
  runs(lines.horizontal, false);
  const from = top - lines.reach;
  for (let i = lowerBound(lines.heads, from, (h) => h[1]!); i < lines.heads.length; i += 1) {
    const [tx, ty, ax, ay, bx, by] = lines.heads[i] as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (ty - lines.reach > bottom) break;
    if (Math.max(tx, ax, bx) < left || Math.min(tx, ax, bx) > right) continue;
    if (Math.max(ty, ay, by) < top || Math.min(ty, ay, by) > bottom) continue;
    paint.head(tx - dx, ty - dy, ax - dx, ay - dy, bx - dx, by - dy);
  }
  for (let i = lowerBound(lines.slanted, from, (sg) => sg[1]!); i < lines.slanted.length; i += 1) {
    const [x1, y1, x2, y2] = lines.slanted[i] as [number, number, number, number];
    if (y1 > bottom) break;
    if (Math.max(x1, x2) < left || Math.min(x1, x2) > right || y2 < top) continue;
    paint.line(x1 - dx, y1 - dy, x2 - dx, y2 - dy);
  }
}
