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
import { dgseManifest } from './dgse/manifest.js';
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
}

/** What a pruning technique installs in each engine run of a `sympath run`. */
export interface PruningRun {
  readonly hooks: readonly ExplorationHooks[];
  /** The memory the hooks observe through; default: the engine's own. */
  readonly createMemory?: (ex: Executor) => Memory;
}

/** A pruning technique's state over the engine runs of one `sympath run`. */
export interface PruningPlugin {
  nextRun(): PruningRun;
  report(): TechniqueReport | null;
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
  create(flags: TechniqueFlags): Promise<PruningPlugin>;
}

export interface DriverManifest extends ManifestBase {
  readonly kind: 'driver';
  create(flags: TechniqueFlags): Promise<DriverPlugin>;
}

export type TechniqueManifest = PrunerManifest | DriverManifest;

/** Every technique, in `--help` order. */
export const TECHNIQUES: readonly TechniqueManifest[] = [postconditionManifest, dgseManifest, pesoManifest];

export function prunerManifests(): PrunerManifest[] {
  return TECHNIQUES.filter((t): t is PrunerManifest => t.kind === 'pruner');
}

export function driverManifests(): DriverManifest[] {
  return TECHNIQUES.filter((t): t is DriverManifest => t.kind === 'driver');
}
