/* Vector, atomic, overflow and bit intrinsics; -O2 output has vector code. */
#include <stdint.h>
#include <stdatomic.h>
#include <setjmp.h>
int sumv(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
void scale(float *a, float k, int n) { for (int i = 0; i < n; i++) a[i] *= k; }
uint64_t pc(uint64_t x) { return __builtin_popcountll(x) + __builtin_clzll(x|1) + __builtin_bswap64(x); }
int ov(int a, int b) { int r; if (__builtin_add_overflow(a,b,&r)) return -1; return r; }
_Atomic int cnt; int inc(void) { return atomic_fetch_add(&cnt, 1) + atomic_load_explicit(&cnt, memory_order_acquire); }
int cas(_Atomic int *p) { int e = 0; return atomic_compare_exchange_strong(p, &e, 1); }
long double ld(long double x) { return x * 2.5L; }
__int128 big(__int128 a) { return a * a; }
int mx(int a, int b) { return a > b ? a : b; }
unsigned char minb(unsigned char *a, int n){ unsigned char m=255; for(int i=0;i<n;i++) if(a[i]<m) m=a[i]; return m; }
int vla(int n) { int a[n]; for (int i=0;i<n;i++) a[i]=i; return a[n-1]; }
void fence(void){ atomic_thread_fence(memory_order_seq_cst); }
_Noreturn void die(void);
int chk(int x){ if (x) die(); return 2; }
jmp_buf jb; int sj(void){ if (setjmp(jb)) return 1; return 0; }
int asmf(int x){ int y; __asm__ volatile("movl %1, %0" : "=r"(y) : "r"(x)); return y; }
