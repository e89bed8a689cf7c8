// `sympath run --write-exec-tree` (KLEE's option of that name writes its execution tree to an SQLite
// file): the run's execution tree as OUTDIR/exec-tree.jsonl, one JSON object per line, written as the
// run goes. It exists so the tree's shape and where the time went can be studied after the run — the
// parallel benchmark's simulation of 4-64 workers is driven by it (benchmarks/parallel/simulate.ts).
//
//   {"fork":P,"child":C,"i":I,"t":T}   state P forked; C is the new state; I = instructions on P's path
//                                       so far (C inherits them); T = ms since the run started
//   {"end":S,"i":I,"t":T,"how":H}       state S ended (H: exit, error, partial, pruned) after I path
//                                       instructions
//   {"run":K}                           a portfolio's run K (from 1) starts: a new tree, ids from 0
//
// The root state has id 0 (the first state of every run). The time between two consecutive lines is
// the work of the state named by the second one when a state runs until it forks or ends, as under DFS
// (the searchers that switch states on a time slice blur it); it includes the solver's queries and the
// test written for a path that ends.

import { closeSync, openSync, writeSync } from 'node:fs';
import type { ExplorationHooks, TerminationInfo } from './hooks.js';
import type { ExecutionState } from './state.js';

/** Bytes buffered before a write. */
const FLUSH_BYTES = 1 << 16;

export class ExecTreeWriter implements ExplorationHooks {
  readonly name = 'exec-tree';
  private readonly fd: number;
  private buffer: string[] = [];
  private buffered = 0;
  private failed = false;
  private readonly t0 = performance.now();

  constructor(
    path: string,
    /** Told once when the file cannot be written any more (the run goes on without it). */
    private readonly warn: (text: string) => void,
  ) {
    this.fd = openSync(path, 'w');
  }

  onFork(parent: ExecutionState, child: ExecutionState): void {
    this.line(`{"fork":${parent.id},"child":${child.id},"i":${parent.instructions},"t":${this.now()}}`);
  }

  onTerminate(s: ExecutionState, _test: unknown, end?: TerminationInfo): void {
    this.line(`{"end":${s.id},"i":${s.instructions},"t":${this.now()},"how":"${end?.termination ?? 'exit'}"}`);
  }

  /** A portfolio's next engine run (`--search` with several runs): its tree follows, ids from 0 again. */
  startRun(k: number): void {
    this.line(`{"run":${k}}`);
  }

  /** Writes what is buffered and closes the file (the end of the run). */
  close(): void {
    this.flush();
    closeSync(this.fd);
  }

  private now(): number {
    return Math.round((performance.now() - this.t0) * 1000) / 1000;
  }

  private line(text: string): void {
    if (this.failed) return;
    this.buffer.push(text);
    this.buffered += text.length + 1;
    if (this.buffered >= FLUSH_BYTES) this.flush();
  }

  private flush(): void {
    if (this.failed || this.buffer.length === 0) return;
    const text = `${this.buffer.join('\n')}\n`;
    this.buffer = [];
    this.buffered = 0;
    try {
      writeSync(this.fd, text);
    } catch (e) {
      this.failed = true;
      this.warn(`--write-exec-tree: exec-tree.jsonl cannot be written (${(e as Error).message}); the run goes on without it`);
    }
  }
}
