// A small hand-written SVG line plot (no dependency): coverage over time as step lines, one per series,
// with axes, ticks, a title and a legend. Used for OUTDIR/coverage.svg.

export interface Series {
  label: string;
  colour: string;
  /** Points sorted by x; drawn as a step line (the value holds until the next point). */
  points: readonly { x: number; y: number }[];
}

export interface PlotOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** The y range; the x range comes from the points (from 0). */
  yMax: number;
  width?: number;
  height?: number;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Round tick steps (1, 2, 5 × 10^k) giving about `target` ticks over [0, max]. */
export function ticks(max: number, target = 5): number[] {
  if (!(max > 0)) return [0];
  const raw = max / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = 0; v <= max + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

function fmt(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toPrecision(3).replace(/\.?0+$/, '');
}

export function stepPlot(series: readonly Series[], o: PlotOptions): string {
  const W = o.width ?? 720;
  const H = o.height ?? 400;
  const m = { left: 64, right: 24, top: 40, bottom: 56 };
  const pw = W - m.left - m.right;
  const ph = H - m.top - m.bottom;
  const xMaxData = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.x)));
  const xt = ticks(xMaxData > 0 ? xMaxData : 1);
  const xMax = xt[xt.length - 1]!;
  const yt = ticks(o.yMax);
  const yMax = Math.max(o.yMax, yt[yt.length - 1]!);
  const X = (x: number): number => m.left + (x / xMax) * pw;
  const Y = (y: number): number => m.top + ph - (y / yMax) * ph;
  const r = (n: number): string => n.toFixed(1);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${W / 2}" y="22" text-anchor="middle" font-size="15">${esc(o.title)}</text>`);
  for (const v of yt) {
    out.push(`<line x1="${m.left}" y1="${r(Y(v))}" x2="${m.left + pw}" y2="${r(Y(v))}" stroke="#e4e4e4"/>`);
    out.push(`<text x="${m.left - 6}" y="${r(Y(v) + 4)}" text-anchor="end">${fmt(v)}</text>`);
  }
  for (const v of xt) {
    out.push(`<line x1="${r(X(v))}" y1="${m.top + ph}" x2="${r(X(v))}" y2="${m.top + ph + 5}" stroke="black"/>`);
    out.push(`<text x="${r(X(v))}" y="${m.top + ph + 18}" text-anchor="middle">${fmt(v)}</text>`);
  }
  out.push(`<line x1="${m.left}" y1="${m.top + ph}" x2="${m.left + pw}" y2="${m.top + ph}" stroke="black"/>`);
  out.push(`<line x1="${m.left}" y1="${m.top}" x2="${m.left}" y2="${m.top + ph}" stroke="black"/>`);
  out.push(`<text x="${m.left + pw / 2}" y="${H - 14}" text-anchor="middle">${esc(o.xLabel)}</text>`);
  out.push(`<text x="16" y="${m.top + ph / 2}" text-anchor="middle" transform="rotate(-90 16 ${m.top + ph / 2})">${esc(o.yLabel)}</text>`);
  series.forEach((s, i) => {
    if (s.points.length > 0) {
      const pts: string[] = [`${r(X(0))},${r(Y(0))}`];
      let prevY = 0;
      for (const p of s.points) {
        pts.push(`${r(X(p.x))},${r(Y(prevY))}`, `${r(X(p.x))},${r(Y(p.y))}`);
        prevY = p.y;
      }
      pts.push(`${r(X(xMax))},${r(Y(prevY))}`);
      out.push(`<polyline fill="none" stroke="${s.colour}" stroke-width="2" points="${pts.join(' ')}"/>`);
    }
    const ly = m.top + 14 + i * 18;
    out.push(`<line x1="${m.left + 12}" y1="${ly - 4}" x2="${m.left + 36}" y2="${ly - 4}" stroke="${s.colour}" stroke-width="2"/>`);
    out.push(`<text x="${m.left + 42}" y="${ly}">${esc(s.label)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
