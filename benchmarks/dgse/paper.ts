// The paper's own figures (Wang et al., "Dependence Guided Symbolic Execution", TSE; Tables 5, 6, 7 and
// 10; ../shared/papers/dgse-dependence-guided-symbolic-execution.txt), copied as printed — SPF (Symbolic
// PathFinder, Java) against DGSE built on it, on the Siemens suite and three larger Java programs, 12 h
// limit. A value written ">x" is a lower bound (the run did not finish); null is "–" in the paper.

type N = number | string | null;

/** Table 5: explored paths. [subject, LoC, inputs, feasible DGSE, SPF, ratio, infeasible DGSE, SPF, ratio, total DGSE, SPF, ratio]. */
export const TABLE5: [string, number, number, N, N, N, N, N, N, N, N, N][] = [
  ['WBS', 231, 6, 324, 576, '56.25%', 0, 0, null, 324, 576, '56.25%'],
  ['Tcas', 173, 12, 344, 392, '87.76%', 1008, 1008, '100%', 1352, 1400, '96.57%'],
  ['Schedule2', 374, 3, 127, 343, '37.03%', 0, 0, null, 127, 343, '37.03%'],
  ['Schedule2', 374, 6, 8191, 117649, '6.96%', 0, 0, null, 8191, 117649, '6.96%'],
  ['Schedule', 412, 3, 127, 343, '37.03%', 0, 0, null, 127, 343, '37.03%'],
  ['Schedule', 412, 6, 8191, 117649, '6.96%', 0, 0, null, 8191, 117649, '6.96%'],
  ['Replace', 564, 5, 386, 594, '64.98%', 62, 278, '22.30%', 448, 872, '51.38%'],
  ['Replace', 564, 11, 8074, 120132, '6.72%', 2205, 16634, '13.26%', 10279, 136766, '7.52%'],
  ['PrintTokens2', 570, 2, 295, 438, '67.35%', 1566, 5068, '30.90%', 1861, 5506, '33.80%'],
  ['PrintTokens2', 570, 3, 1905, 8097, '23.53%', 9424, 87706, '10.74%', 11329, 95803, '11.83%'],
  ['Siena', 1256, 9, 1972, '>19713', '<10.00%', 0, '>0', null, 1972, '>19713', '<10.00%'],
  ['Apache CLI', 3612, 9, 44561, '>46187', '<96.48%', 4207, '>37110', '<11.34%', 48768, '>83297', '<58.55%'],
  ['NanoXML', 4608, 9, '>179040', '>175072', null, '>0', '>3244', null, '>179040', '>178316', null],
];

/** Table 6: time (s). [subject, inputs, DGSE overhead, DGSE SE, DGSE total, SPF total, speedup]. */
export const TABLE6: [string, number, N, N, N, N, N][] = [
  ['WBS', 6, 1, 1, 2, 3, '1.50'],
  ['Tcas', 12, 1, 272, 273, 279, '1.02'],
  ['Schedule2', 3, 2, 4, 6, 11, '1.83'],
  ['Schedule2', 6, 73, 272, 345, 8925, '25.87'],
  ['Schedule', 3, 2, 4, 6, 11, '1.83'],
  ['Schedule', 6, 108, 269, 377, 9015, '23.91'],
  ['Replace', 5, 1, 4, 5, 8, '1.60'],
  ['Replace', 11, 17, 651, 668, 20642, '30.90'],
  ['PrintTokens2', 2, 2, 25, 27, 123, '4.6'],
  ['PrintTokens2', 3, 9, 488, 497, 24629, '49.56'],
  ['Siena', 9, 12, 4127, 4139, '>43200', '>10.44'],
  ['Apache CLI', 9, 2758, 17366, 20124, '>43200', '>2.15'],
  ['NanoXML', 9, '>172', '>43028', '>43200', '>43200', null],
];

/** Table 7: solver calls and time (s). [subject, inputs, calls DGSE, SPF, ratio, solver time DGSE, SPF,
 *  speedup, sat DGSE, SPF, unsat DGSE, SPF]. */
export const TABLE7: [string, number, N, N, N, N, N, N, N, N, N, N][] = [
  ['WBS', 6, 3780, 6720, '56.25%', 1.0, 1.4, '1.40', 1.0, 1.4, null, null],
  ['Tcas', 12, 22490, 23598, '95.30%', 269, 275, '1.02', 95, 98, 174, 177],
  ['Schedule2', 3, 1126, 4312, '26.11%', 2.3, 5.5, '2.39', 2.3, 5.5, null, null],
  ['Schedule2', 6, 110548, 2840383, '3.89%', 155.9, 7396, '47.44', 155.9, 7396, null, null],
  ['Schedule', 3, 1126, 4312, '26.11%', 2.9, 7.6, '2.62', 2.9, 7.6, null, null],
  ['Schedule', 6, 110548, 2840383, '3.89%', 201.7, 8101, '40.16', 201.7, 8101, null, null],
  ['Replace', 5, 9460, 17494, '54.08%', 1.8, 3.2, '1.78', 1.61, 2.34, 0.24, 0.91],
  ['Replace', 11, 927311, 5939832, '15.61%', 513, 16360, '31.90', 284, 12219, 229, 4141],
  ['PrintTokens2', 2, 85140, 265084, '32.12%', 19.1, 97.6, '5.11', 3.8, 6.5, 15.3, 91.1],
  ['PrintTokens2', 3, 922265, 6686020, '13.79%', 434, 24042, '55.40', 66, 1288, 368, 22754],
  ['Siena', 9, 138631, '>1386107', '<10.00%', 4120, '>43168', '>10.48', 4120, '>43168', null, null],
  ['Apache CLI', 9, 8063394, '>15801652', '<51.03%', 12719, '>40386', '>3.18', 11418, '>17435', 1301, '>22951'],
  ['NanoXML', 9, '>12565740', '>12671295', null, '>42666', '>42441', null, '>42666', '>41046', null, '>1395'],
];

/** The one mean-constraints-per-query figure the paper gives (§6.2, PrintTokens2 with 3 inputs). */
export const MEAN_CONSTRAINTS = { subject: 'PrintTokens2 (3 inputs)', dgse: 19.48, spf: 24.0 };

/** Table 10: mutation kill rates. [program, inputs, mutants, tests DGSE, SPF, kill DGSE, SPF, unique DGSE, SPF, rate DGSE, SPF]. */
export const TABLE10: [string, number, number, number, number, number, number, number, number, string, string][] = [
  ['WBS', 6, 836, 324, 576, 392, 393, 0, 1, '46.89%', '47.01%'],
  ['Tcas', 12, 615, 344, 392, 320, 320, 0, 0, '52.03%', '52.03%'],
  ['Schedule', 3, 775, 127, 343, 537, 538, 1, 2, '69.29%', '69.42%'],
  ['Schedule2', 3, 1084, 127, 343, 760, 761, 0, 1, '70.11%', '70.20%'],
  ['PrintTokens2', 2, 1736, 295, 438, 1108, 1108, 0, 0, '63.82%', '63.82%'],
  ['Replace', 5, 3430, 386, 594, 1896, 1897, 0, 1, '55.28%', '55.31%'],
];

const cell = (v: N): string => (v === null ? '–' : String(v));

export function paperTable5(): string[] {
  return [
    '| Subject | LoC | Inputs | Feasible DGSE | SPF | Ratio | Infeasible DGSE | SPF | Ratio | Total DGSE | SPF | Ratio |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...TABLE5.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}

export function paperTable6(): string[] {
  return [
    '| Subject | Inputs | DGSE overhead | DGSE SE | DGSE total | SPF | Speedup |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...TABLE6.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}

export function paperTable7(): string[] {
  return [
    '| Subject | Inputs | Calls DGSE | SPF | Ratio | Solver s DGSE | SPF | Speedup | Sat s DGSE | SPF | Unsat s DGSE | SPF |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...TABLE7.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}

export function paperTable10(): string[] {
  return [
    '| Program | Inputs | Mutants | Tests DGSE | SPF | Killed DGSE | SPF | Unique DGSE | SPF | Kill rate DGSE | SPF |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...TABLE10.map((r) => `| ${r.map((v) => cell(v)).join(' | ')} |`),
  ];
}
