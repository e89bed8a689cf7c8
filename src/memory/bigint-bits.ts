// Concrete values between bigints and numbers, fast and without making garbage. Concrete loads, stores
// and address arithmetic are much of what a program does, and V8 (11.3) does neither conversion in
// optimised code: Number(bigint) and BigInt(number) are calls into its runtime (together ~12% of
// bench:parallel's concrete loop under perf, Number(bigint) also boxing a heap number), and every bigint
// made on the way is work for the scavenger (the stores' masks, `v & 0xffffffffn`, were a fifth of that
// loop's allocation). Through one 8-byte buffer seen as a BigUint64Array and a Uint32Array, both
// directions are a typed-array store and load, which V8 compiles inline: 2-2.7x faster (measured in
// isolation). Results under SMALL_BIGINTS come from a table. Not for arithmetic: V8 compiles
// `BigInt.asUintN(32, x * y)` to machine arithmetic already; ≤ 32-bit add/mul through Number() ran
// paths4k.c 4% slower.

/** 2^32. */
const TWO32 = 4294967296;

/** One 64-bit word, as a bigint and as its two 32-bit halves (little-endian hosts: checked below). */
const word = new BigUint64Array(1);
const halves = new Uint32Array(word.buffer);
word[0] = 1n;
if (halves[0] !== 1) throw new Error('sympath needs a little-endian host (x86-64, AArch64)');

/** bigints 0..SMALL_BIGINTS-1, made once: bytes, characters, flags and counters load without allocating. */
const SMALL_BIGINTS = 1024;
const smallBigints: readonly bigint[] = Array.from({ length: SMALL_BIGINTS }, (_, i) => BigInt(i));

/** The low 32 bits of `v` (two's complement for a negative one) as an unsigned number. */
export function low32(v: bigint): number {
  word[0] = v;
  return halves[0]!;
}

/** Bits 32..63 of `v` (two's complement for a negative one) as an unsigned number. */
export function high32(v: bigint): number {
  word[0] = v;
  return halves[1]!;
}

/**
 * An address (a pointer register's unsigned 64-bit value) as a number: exact below 2^53, as every
 * address sympath hands out is; above, rounded as Number() would (no object lies there).
 */
export function addressOf(v: bigint): number {
  word[0] = v;
  return halves[1]! * TWO32 + halves[0]!;
}

/** The unsigned 64-bit value of two 32-bit halves. */
export function join64(lo: number, hi: number): bigint {
  if (hi === 0 && lo < SMALL_BIGINTS) return smallBigints[lo]!;
  halves[0] = lo;
  halves[1] = hi;
  return word[0]!;
}

/** `x` (an unsigned integer below 2^53: a byte, a word, an address) as a bigint. */
export function bigintOf(x: number): bigint {
  return x < SMALL_BIGINTS ? smallBigints[x]! : join64(x >>> 0, Math.floor(x / TWO32));
}
