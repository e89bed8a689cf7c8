/*
 * sympath's replacement for musl's arch/x86_64/atomic_arch.h: the same operations in plain C, with no
 * inline assembly. sympath executes one thread and never interleaves, so a read-modify-write through
 * a volatile pointer is atomic; volatile keeps every access in the IR. a_crash traps (llvm.trap), and
 * the bit scans use clang's builtins (llvm.cttz / llvm.ctlz; the argument is never 0 in musl).
 */
#define a_cas a_cas
static inline int a_cas(volatile int *p, int t, int s)
{
	int old = *p;
	if (old == t) *p = s;
	return old;
}

#define a_cas_p a_cas_p
static inline void *a_cas_p(volatile void *p, void *t, void *s)
{
	void *volatile *q = (void *volatile *)p;
	void *old = *q;
	if (old == t) *q = s;
	return old;
}

#define a_swap a_swap
static inline int a_swap(volatile int *p, int v)
{
	int old = *p;
	*p = v;
	return old;
}

#define a_fetch_add a_fetch_add
static inline int a_fetch_add(volatile int *p, int v)
{
	int old = *p;
	*p = (int)((unsigned)old + (unsigned)v);
	return old;
}

#define a_and a_and
static inline void a_and(volatile int *p, int v)
{
	*p &= v;
}

#define a_or a_or
static inline void a_or(volatile int *p, int v)
{
	*p |= v;
}

#define a_and_64 a_and_64
static inline void a_and_64(volatile uint64_t *p, uint64_t v)
{
	*p &= v;
}

#define a_or_64 a_or_64
static inline void a_or_64(volatile uint64_t *p, uint64_t v)
{
	*p |= v;
}

#define a_inc a_inc
static inline void a_inc(volatile int *p)
{
	*p = (int)((unsigned)*p + 1u);
}

#define a_dec a_dec
static inline void a_dec(volatile int *p)
{
	*p = (int)((unsigned)*p - 1u);
}

#define a_store a_store
static inline void a_store(volatile int *p, int x)
{
	*p = x;
}

#define a_barrier a_barrier
static inline void a_barrier()
{
}

#define a_spin a_spin
static inline void a_spin()
{
}

#define a_crash a_crash
static inline void a_crash()
{
	__builtin_trap();
}

#define a_ctz_64 a_ctz_64
static inline int a_ctz_64(uint64_t x)
{
	return __builtin_ctzll(x);
}

#define a_clz_64 a_clz_64
static inline int a_clz_64(uint64_t x)
{
	return __builtin_clzll(x);
}
