// Concrete semantics of integer operations on unsigned bigints, shared by the instruction handlers'
// fast paths and constant-expression evaluation (globals' initializers), so the two agree. Out-of-range
// shifts follow the expression library (eval-op.ts): 0, or the sign for ashr — LLVM says poison, and
// with --check-overshift the handlers report them before getting here.

export type IntBinFn = (x: bigint, y: bigint) => bigint;

/** The concrete function of an integer binary opcode at width `w` (divisors are non-zero). */
export function intBinary(op: string, w: number): IntBinFn {
  const W = BigInt(w);
  switch (op) {
    case 'add':
      return (x, y) => BigInt.asUintN(w, x + y);
    case 'sub':
      return (x, y) => BigInt.asUintN(w, x - y);
    case 'mul':
      return (x, y) => BigInt.asUintN(w, x * y);
    case 'udiv':
      return (x, y) => x / y;
    case 'sdiv':
      return (x, y) => BigInt.asUintN(w, BigInt.asIntN(w, x) / BigInt.asIntN(w, y));
    case 'urem':
      return (x, y) => x % y;
    case 'srem':
      return (x, y) => BigInt.asUintN(w, BigInt.asIntN(w, x) % BigInt.asIntN(w, y));
    case 'and':
      return (x, y) => x & y;
    case 'or':
      return (x, y) => x | y;
    case 'xor':
      return (x, y) => x ^ y;
    case 'shl':
      return (x, y) => (y >= W ? 0n : BigInt.asUintN(w, x << y));
    case 'lshr':
      return (x, y) => (y >= W ? 0n : x >> y);
    case 'ashr':
      return (x, y) => BigInt.asUintN(w, BigInt.asIntN(w, x) >> (y >= W ? W - 1n : y));
    default:
      throw new Error(`not an integer binary operator: ${op}`);
  }
}

/** The concrete comparison of an icmp predicate at width `w` (1n or 0n). */
export function intCompare(pred: string, w: number): IntBinFn {
  const S = 1n << BigInt(w - 1);
  switch (pred) {
    case 'eq':
      return (x, y) => (x === y ? 1n : 0n);
    case 'ne':
      return (x, y) => (x !== y ? 1n : 0n);
    case 'ult':
      return (x, y) => (x < y ? 1n : 0n);
    case 'ule':
      return (x, y) => (x <= y ? 1n : 0n);
    case 'ugt':
      return (x, y) => (x > y ? 1n : 0n);
    case 'uge':
      return (x, y) => (x >= y ? 1n : 0n);
    // signed: flipping the sign bit maps two's complement order onto unsigned order
    case 'slt':
      return (x, y) => ((x ^ S) < (y ^ S) ? 1n : 0n);
    case 'sle':
      return (x, y) => ((x ^ S) <= (y ^ S) ? 1n : 0n);
    case 'sgt':
      return (x, y) => ((x ^ S) > (y ^ S) ? 1n : 0n);
    case 'sge':
      return (x, y) => ((x ^ S) >= (y ^ S) ? 1n : 0n);
    default:
      throw new Error(`unknown icmp predicate ${pred}`);
  }
}

export function sext(x: bigint, from: number, to: number): bigint {
  return BigInt.asUintN(to, BigInt.asIntN(from, x));
}
