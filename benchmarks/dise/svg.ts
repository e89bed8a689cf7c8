// A two-panel dot plot for the DiSE report (report.ts): per version pair, states (left) and path
// conditions (right) of full exploration (hollow circle) and DiSE (filled), on a log10 axis, one row per
// pair, joined by a line so the reduction reads as its length. Hand-written SVG (see report.ts).

export interface PlotRow {
  label: string;
  fullStates: number;
  diseStates: number;
  fullPcs: number;
  disePcs: number;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function dotPlot(rows: PlotRow[]): string {
  const rowH = 13;
  const top = 40;
  const labelW = 190;
  const panelW = 300;
  const gap = 40;
  const height = top + rows.length * rowH + 40;
  const width = labelW + 2 * panelW + gap + 20;
  const max = Math.max(10, ...rows.flatMap((r) => [r.fullStates, r.diseStates, r.fullPcs, r.disePcs]));
  const decades = Math.ceil(Math.log10(max));
  // 0 maps to the axis start (a DiSE run with no affected PC).
  const x = (v: number, x0: number): number => x0 + (v <= 0 ? 0 : (Math.log10(Math.max(1, v)) / decades) * (panelW - 10) + 5);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="10">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
  ];
  const panels: [string, (r: PlotRow) => [number, number]][] = [
    ['states explored (log scale)', (r) => [r.fullStates, r.diseStates]],
    ['path conditions (full: all paths; DiSE: affected)', (r) => [r.fullPcs, r.disePcs]],
  ];
  panels.forEach(([title, pick], k) => {
    const x0 = labelW + k * (panelW + gap);
    out.push(`<text x="${x0}" y="14" font-size="11" font-weight="bold">${esc(title)}</text>`);
    for (let d = 0; d <= decades; d++) {
      const gx = x(10 ** d, x0);
      out.push(`<line x1="${gx}" y1="${top - 8}" x2="${gx}" y2="${top + rows.length * rowH}" stroke="#ddd"/>`);
      out.push(`<text x="${gx}" y="${top - 12}" text-anchor="middle" fill="#555">${10 ** d}</text>`);
    }
    rows.forEach((r, i) => {
      const y = top + i * rowH + rowH / 2;
      const [full, dise] = pick(r);
      out.push(`<line x1="${x(full, x0)}" y1="${y}" x2="${x(dise, x0)}" y2="${y}" stroke="#888"/>`);
      out.push(`<circle cx="${x(full, x0)}" cy="${y}" r="3.5" fill="white" stroke="#c0392b"/>`);
      out.push(`<circle cx="${x(dise, x0)}" cy="${y}" r="3" fill="#2471a3"><title>${esc(`${r.label}: full ${full}, DiSE ${dise}`)}</title></circle>`);
    });
  });
  rows.forEach((r, i) => out.push(`<text x="${labelW - 6}" y="${top + i * rowH + rowH / 2 + 3}" text-anchor="end">${esc(r.label)}</text>`));
  const ly = top + rows.length * rowH + 22;
  out.push(`<circle cx="${labelW + 5}" cy="${ly}" r="3.5" fill="white" stroke="#c0392b"/><text x="${labelW + 13}" y="${ly + 3}">full exploration of NEW (--no-dise)</text>`);
  out.push(`<circle cx="${labelW + 225}" cy="${ly}" r="3" fill="#2471a3"/><text x="${labelW + 233}" y="${ly + 3}">DiSE (--base OLD)</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
