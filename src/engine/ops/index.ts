// The dispatch table: opcode -> handler-compiler, assembled from one table per instruction family.
// Adding an instruction is adding an entry to its family's table.

import type { Opcode } from '../../ir/model.js';
import type { HandlerCompiler } from '../compile.js';
import { AGGREGATES } from './aggregates.js';
import { ARITH } from './arith.js';
import { ATOMICS } from './atomics.js';
import { CALLS } from './calls.js';
import { CASTS } from './casts.js';
import { COMPARE } from './compare.js';
import { CONTROL } from './control.js';
import { FLOAT } from './float.js';
import { MEMORY } from './memory-ops.js';

export const HANDLERS: Partial<Record<Opcode, HandlerCompiler>> = {
  ...ARITH,
  ...COMPARE,
  ...CASTS,
  ...FLOAT,
  ...MEMORY,
  ...CONTROL,
  ...CALLS,
  ...AGGREGATES,
  ...ATOMICS,
};
