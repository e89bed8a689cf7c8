// The SGS paper's coverage figures (Li, Su, Wang, Li, OOPSLA'13; ../../../shared/papers/NOTES.md):
// Table 4 — 75 Coreutils 6.11 programs, KLEE, 1 h per run, `--sym-args 0 3 10 --sym-files 2 8`,
// --only-output-states-covering-new, gcov statement coverage of tests of terminated states — and the
// combined strategy from Table 5 (n = 1, 2, 4, 8 for 15 min each, tests pooled). Table 5's "Best" row
// compares combined with the individual 1 h runs; Table 4's "Best" compares the eleven individual ones.

/** The strategies of the experiment, in the paper's column order, with sympath's --search for each. */
export const STRATEGIES: readonly { id: string; label: string; search: string }[] = [
  { id: 'subpath:1', label: 'SGS n=1', search: 'subpath:1' },
  { id: 'subpath:2', label: 'SGS n=2', search: 'subpath:2' },
  { id: 'subpath:4', label: 'SGS n=4', search: 'subpath:4' },
  { id: 'subpath:8', label: 'SGS n=8', search: 'subpath:8' },
  { id: 'combined', label: 'SGS comb.', search: 'subpath:combined' },
  { id: 'random-state', label: 'RSS', search: 'random-state' },
  { id: 'dfs', label: 'DFS', search: 'dfs' },
  { id: 'random-path', label: 'RPS', search: 'random-path' },
  { id: 'nurs:covnew', label: 'covnew', search: 'nurs:covnew' },
  { id: 'nurs:depth', label: 'depth', search: 'nurs:depth' },
  { id: 'nurs:icnt', label: 'icnt', search: 'nurs:icnt' },
  { id: 'nurs:md2u', label: 'md2u', search: 'nurs:md2u' },
];

/** Coverage bands, as the paper's rows: [low, high) in percent, the top band closed. */
export const BANDS: readonly { label: string; low: number; high: number }[] = [
  { label: '90-100%', low: 90, high: 100.0001 },
  { label: '80-90%', low: 80, high: 90 },
  { label: '70-80%', low: 70, high: 80 },
  { label: '60-70%', low: 60, high: 70 },
  { label: '<60%', low: -1, high: 60 },
];

export interface PaperColumn {
  /** Programs per band, in BANDS order. */
  bands: readonly number[];
  average: number;
  best: number;
}

export const PAPER_PROGRAMS = 75;

export const PAPER: Readonly<Record<string, PaperColumn>> = {
  'subpath:1': { bands: [18, 4, 14, 17, 22], average: 69.67, best: 25 },
  'subpath:2': { bands: [18, 12, 16, 11, 18], average: 72.87, best: 38 },
  'subpath:4': { bands: [21, 9, 12, 12, 21], average: 72.35, best: 29 },
  'subpath:8': { bands: [13, 10, 13, 15, 24], average: 66.95, best: 24 },
  // Table 5 (4 × 15 min); its "Best" (57) is against the individual 1 h runs.
  combined: { bands: [25, 10, 19, 9, 12], average: 80.67, best: 57 },
  'random-state': { bands: [14, 5, 5, 12, 39], average: 60.56, best: 20 },
  dfs: { bands: [11, 3, 6, 11, 44], average: 56.12, best: 16 },
  'random-path': { bands: [17, 9, 12, 12, 25], average: 68.38, best: 23 },
  'nurs:covnew': { bands: [11, 3, 2, 4, 55], average: 46.87, best: 14 },
  'nurs:depth': { bands: [16, 4, 12, 14, 29], average: 64.35, best: 21 },
  'nurs:icnt': { bands: [11, 5, 3, 5, 51], average: 51.72, best: 14 },
  'nurs:md2u': { bands: [11, 4, 3, 6, 51], average: 50.5, best: 15 },
};
