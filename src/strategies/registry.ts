// The technique registry (../shared/DESIGN.md "Two plugin interfaces, one registry"): every technique
// of src/strategies exports one manifest — its name, the `sympath run` options it adds (with their help
// text), what it installs (a pruning hook for the forking engine, or a concolic driver), its stats.json
// section and what its soundness check keeps. The CLI builds `run`'s options, `--prune`/`--driver`
// choices and help from TECHNIQUES; adding a technique touches its folder and one line of the list.
// Manifests are small: a technique's code is loaded only when a run uses it.

import type { Driver } from '../engine/concolic/driver-api.js';
import type { Executor } from '../engine/executor.js';
import type { ExplorationHooks } from '../engine/hooks.js';
import type { Memory } from '../engine/memory.js';
import type { EngineOptions } from '../engine/options.js';
import type { Module } from '../ir/model.js';
import type { CompileOptions } from '../toolchain/clang.js';
import { dgseManifest } from './dgse/manifest.js';
import { diseManifest } from './dise/manifest.js';
import { pesoManifest } from './peso/manifest.js';
import { postconditionManifest } from './postcondition/manifest.js';

/** One `sympath run` option a technique adds (commander's flag syntax). */
export interface TechniqueOption {
  /** e.g. `--dgse-dependences <list>` or `--pse-simplify`. */
  readonly flags: string;
  readonly description: string;
  /** Parses the value (throws Error with a message for bad input); the raw string when absent. */
  readonly parse?: (value: string) => unknown;
  readonly defaultValue?: unknown;
}

/** `run`'s flags as commander gives them (technique options under their camel-cased names). */
export type TechniqueFlags = Readonly<Record<string, unknown>>;

/** A technique's report at the end of a run: lines for the console and messages.txt, and a JSON file. */
export interface TechniqueReport {
  readonly lines: readonly string[];
  /** Written as OUTPUT-DIR/<file> when given. */
  readonly file?: { readonly name: string; readonly json: unknown };
  /** More JSON files, written the same way. */
  readonly extraFiles?: readonly { readonly name: string; readonly json: unknown }[];
}

/** What a pruning technique installs in each engine run of a `sympath run`. */
export interface PruningRun {
  readonly hooks: readonly ExplorationHooks[];
  /** The memory the hooks observe through; default: the engine's own. */
  readonly createMemory?: (ex: Executor) => Memory;
}

/** What a pruning technique may look at before the first engine run (the program as it will run). */
export interface PrepareContext {
  /** The module the engine runs (linked with the libc and model when they are). */
  readonly module: Module;
  readonly options: EngineOptions;
  /** The directory relative paths in the technique's options are resolved against. */
  readonly cwd: string;
  /** The program files as given to `run`, absolute. */
  readonly programFiles: readonly string[];
  /** How the program's C files were compiled (for other versions of them). */
  readonly compile: CompileOptions;
  /** A line for messages.txt and the console. */
  message(text: string): void;
}

/** A pruning technique's state over the engine runs of one `sympath run`. */
export interface PruningPlugin {
  /** Static work before the first run (e.g. DiSE's impact analysis); throws Error for bad input. */
  prepare?(ctx: PrepareContext): Promise<void>;
  nextRun(): PruningRun;
  report(): TechniqueReport | null;
  /** The technique's section of stats.json (under `pruning.<name>`), after the run. */
  statsSection?(): Record<string, unknown>;
}

/** A driver technique, ready to run. */
export interface DriverPlugin {
  readonly driver: Driver;
  /** The `driver` section of stats.json, after the run. */
  statsSection(): Record<string, unknown>;
  report(): TechniqueReport | null;
  /**
   * For a technique whose guarantee is a set of partitions (PESO's output partitions): the partitions
   * found, canonical key -> readable form. `--check-pruning` then also runs the technique with the
   * flag `exhaustiveBaseline` (its own exhaustive exploration computing the same partitions per path)
   * and reports the partitions the technique lost.
   */
  partitions?(): ReadonlyMap<string, string>;
}

interface ManifestBase {
  readonly name: string;
  /** One line for `--help`. */
  readonly summary: string;
  readonly options: readonly TechniqueOption[];
  /** What `--check-pruning` holds it to (help text and the README). */
  readonly guarantee: string;
  /** Whether `--check-pruning` fails on a covered line the technique lost (default true; PESO promises partitions, not lines). */
  readonly comparesLines?: boolean;
}

export interface PrunerManifest extends ManifestBase {
  readonly kind: 'pruner';
  /**
   * An option (commander's camel-cased name) whose presence switches the technique on without
   * `--prune NAME` (DiSE: `--base`), and optionally a boolean option that, when false, keeps it on
   * observing only — installed and reporting, pruning nothing, not listed in stats.json's `prune`.
   */
  readonly activation?: { readonly option: string; readonly pruningSwitch?: string };
  /** The searcher the technique's pruning assumes: the default when on, any other `--search` an error. */
  readonly search?: string;
  create(flags: TechniqueFlags): Promise<PruningPlugin>;
}

export interface DriverManifest extends ManifestBase {
  readonly kind: 'driver';
  create(flags: TechniqueFlags): Promise<DriverPlugin>;
}

export type TechniqueManifest = PrunerManifest | DriverManifest;

/** Every technique, in `--help` order. */
export const TECHNIQUES: readonly TechniqueManifest[] = [postconditionManifest, dgseManifest, pesoManifest, diseManifest];

export function prunerManifests(): PrunerManifest[] {
  return TECHNIQUES.filter((t): t is PrunerManifest => t.kind === 'pruner');
}

export function driverManifests(): DriverManifest[] {
  return TECHNIQUES.filter((t): t is DriverManifest => t.kind === 'driver');
}

/**
 * The pruners of a run: those named by `--prune` and those an activation option switched on. `pruning`
 * lists the ones that prune (stats.json's `prune`); `installed` adds the observing-only ones.
 */
export function activePruners(prune: readonly string[], flags: TechniqueFlags): { pruning: string[]; installed: string[] } {
  const pruning = [...prune];
  const installed = [...prune];
  for (const m of prunerManifests()) {
    const a = m.activation;
    if (!a || flags[a.option] === undefined || installed.includes(m.name)) continue;
    installed.push(m.name);
    if (a.pruningSwitch === undefined || flags[a.pruningSwitch] !== false) pruning.push(m.name);
  }
  return { pruning, installed };
}
