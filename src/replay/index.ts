// Native replay and gcov coverage (issue 6): the entry points other layers use.
export { replayOutputDir, type ReplayOptions, type ReplayResult, type ReplayJson, type TestJson, type ErrorJson } from './replay.js';
export { formatReplayText } from './report.js';
export { ReplayError } from './errors.js';
export { ARCHES, isArch, type Arch } from './arch.js';
