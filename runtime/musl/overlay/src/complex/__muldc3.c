/*
 * sympath: complex multiplication helpers. clang lowers `z * w` on complex operands to calls of
 * __mulsc3/__muldc3/__mulxc3, which a native link takes from libgcc or compiler-rt; musl's complex
 * functions (cpow, ctanh, ...) use them. They are written here in C so libc.bc has no such undefined
 * symbol, following the algorithm of C11 Annex G.5.1 (recover infinities from NaN results).
 */
#include <complex.h>
#include <math.h>

#define MULC3(NAME, T, COPYSIGN)                                                        \
T _Complex NAME(T a, T b, T c, T d)                                                      \
{                                                                                        \
	T ac = a * c, bd = b * d, ad = a * d, bc = b * c;                                    \
	T x = ac - bd, y = ad + bc;                                                          \
	if (isnan(x) && isnan(y)) {                                                          \
		int recalc = 0;                                                                  \
		if (isinf(a) || isinf(b)) {                                                      \
			a = COPYSIGN(isinf(a) ? 1 : 0, a);                                           \
			b = COPYSIGN(isinf(b) ? 1 : 0, b);                                           \
			if (isnan(c)) c = COPYSIGN(0, c);                                            \
			if (isnan(d)) d = COPYSIGN(0, d);                                            \
			recalc = 1;                                                                  \
		}                                                                                \
		if (isinf(c) || isinf(d)) {                                                      \
			c = COPYSIGN(isinf(c) ? 1 : 0, c);                                           \
			d = COPYSIGN(isinf(d) ? 1 : 0, d);                                           \
			if (isnan(a)) a = COPYSIGN(0, a);                                            \
			if (isnan(b)) b = COPYSIGN(0, b);                                            \
			recalc = 1;                                                                  \
		}                                                                                \
		if (!recalc && (isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) {             \
			if (isnan(a)) a = COPYSIGN(0, a);                                            \
			if (isnan(b)) b = COPYSIGN(0, b);                                            \
			if (isnan(c)) c = COPYSIGN(0, c);                                            \
			if (isnan(d)) d = COPYSIGN(0, d);                                            \
			recalc = 1;                                                                  \
		}                                                                                \
		if (recalc) {                                                                    \
			x = INFINITY * (a * c - b * d);                                              \
			y = INFINITY * (a * d + b * c);                                              \
		}                                                                                \
	}                                                                                    \
	union { T _Complex z; T p[2]; } u;                                                   \
	u.p[0] = x;                                                                          \
	u.p[1] = y;                                                                          \
	return u.z;                                                                          \
}

MULC3(__mulsc3, float, copysignf)
MULC3(__muldc3, double, copysign)
MULC3(__mulxc3, long double, copysignl)
