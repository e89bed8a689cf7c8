// Concrete memory contents between bigints and numbers without making garbage. Concrete loads and stores
// are much of what a program does, and every bigint made on the way is work for V8's scavenger: in
// bench:parallel's concrete loop the stores' masks (`v & 0xffffffffn`) were a fifth of all allocation and
// the loads' bigints a third (V8's sampling heap profiler, minor-GC garbage included). So values under
// 2^53 go through a double (exact there), results under SMALL_BIGINTS come from a table, and a 64-bit
// load makes one bigint, not four. Not for arithmetic: V8 (11.3) compiles `BigInt.asUintN(32, x * y)` to
// machine arithmetic, while Number(bigint) is a call: ≤ 32-bit add/mul through numbers ran paths4k.c 4%
// slower.

/** 2^32, and the values a double holds exactly (below 2^53). */
const TWO32 = 4294967296;
const SAFE = Number.MAX_SAFE_INTEGER;

/** bigints 0..SMALL_BIGINTS-1, made once: bytes, characters, flags and counters load without allocating. */
const SMALL_BIGINTS = 1024;
const smallBigints: readonly bigint[] = Array.from({ length: SMALL_BIGINTS }, (_, i) => BigInt(i));

/** `x` (an unsigned integer below 2^53) as a bigint. */
export function bigintOf(x: number): bigint {
  return x < SMALL_BIGINTS ? smallBigints[x]! : BigInt(x);
}

/** The low 32 bits of `v` (two's complement) as an unsigned number; no bigint is made when |v| < 2^53. */
export function low32(v: bigint): number {
  const x = Number(v);
  return Math.abs(x) <= SAFE ? x >>> 0 : Number(v & 0xffffffffn);
}

/** Bits 32..63 of `v` (two's complement) as an unsigned number; no bigint is made when |v| < 2^53. */
export function high32(v: bigint): number {
  const x = Number(v);
  return Math.abs(x) <= SAFE ? Math.floor(x / TWO32) >>> 0 : Number((v >> 32n) & 0xffffffffn);
}

/** The little-endian 64-bit value of two 32-bit halves. */
export function join64(lo: number, hi: number): bigint {
  return hi < 0x200000 ? bigintOf(hi * TWO32 + lo) : (BigInt(hi) << 32n) | BigInt(lo);
}
