// The --libc none built-ins against glibc: printf-family formatting byte for byte (flags, widths,
// precisions, length modifiers, exact float rounding), string and ctype functions, va_list passing.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

async function sameAsNative(src: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sympath-libc-'));
  try {
    const file = join(dir, 'p.c');
    writeFileSync(file, src);
    execFileSync('gcc', ['-w', '-O0', file, '-o', join(dir, 'p'), '-lm']);
    const native = spawnSync(join(dir, 'p'), [], { encoding: 'latin1' });
    const got = await run(moduleOf({ file }, ['-w']));
    expect(got.tests[0]?.error).toBeUndefined();
    expect(got.stdout).toBe(native.stdout);
    expect(got.stderr).toBe(native.stderr);
    expect(got.tests[0]?.exitCode).toBe(native.status);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('printf formats as glibc does', async () => {
  await sameAsNative(`
#include <stdio.h>
#include <stdarg.h>
static void logf_(const char *fmt, ...) { va_list ap; va_start(ap, fmt); vprintf(fmt, ap); va_end(ap); }
int main(void) {
  double ds[] = {0.0, -0.0, 1.0, 2.5, 3.5, 2.675, 1e-5, 123456.789, 1e21, 9.9999999, 0.1, 1.0/3, 5e-324, 1.7976931348623157e308, -42.125};
  const char *fs[] = {"%f", "%.0f", "%.2f", "%10.3f", "%-10.1f|", "%+e", "%.3e", "%E", "%g", "%.3g", "%#g", "%G", "%.10g", "%a", "%.2a", "%012.4f", "% f"};
  for (unsigned i = 0; i < sizeof ds / sizeof ds[0]; i++)
    for (unsigned j = 0; j < sizeof fs / sizeof fs[0]; j++) { printf(fs[j], ds[i]); putchar(' '); }
  putchar('\\n');
  printf("%d %i %u %x %X %o %#x %#o %5d|%-5d|%05d|%+d|% d|%.3d|%.0d|\\n", -17, 42, 3000000000u, 0xbeef, 0xbeef, 8, 255, 8, 12, 12, 12, 12, 12, 7, 0);
  printf("%hhd %hd %ld %lld %lu %llx %zu %jd %hhu\\n", 300, 70000, -1L, -9000000000LL, 18446744073709551615UL, 0x123456789abcdefULL, (size_t)77, (long)-5, 511);
  printf("[%s] [%10s] [%-10s] [%.3s] [%c] [%5c] [%%] [%p] [%p]\\n", "hey", "right", "left", "truncate", 'z', 'q', (void *)0, (void *)0x1234);
  printf("%*d|%-*d|%.*f|%*.*s|\\n", 6, 42, 6, 42, 2, 3.14159, 8, 3, "abcdef");
  volatile double zero = 0.0;
  printf("%f %e %g %f %f\\n", 1.0/zero, -1.0/zero, zero/zero, -(zero/zero), (double)1e-300);
  char buf[64];
  int n = snprintf(buf, sizeof buf, "%d-%s-%.1f", 12, "ab", 2.25);
  int m = snprintf(buf + 20, 5, "%s", "truncated");
  sprintf(buf + 40, "%05x", 0xabc);
  printf("%d %d [%s] [%s] [%s]\\n", n, m, buf, buf + 20, buf + 40);
  logf_("va: %d %s %.2f %ld %c\\n", 1, "two", 3.0, 4L, '5');
  fprintf(stderr, "to stderr %d\\n", 9);
  puts("done");
  return n;
}`);
});

test('string, memory and ctype built-ins agree with glibc', async () => {
  await sameAsNative(`
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
int main(void) {
  char a[32] = "hello", b[32];
  strcpy(b, a);
  strcat(b, " world");
  printf("%zu %zu %d %d %d\\n", strlen(a), strlen(b), strcmp(a, b) < 0, strncmp(a, b, 5), memcmp("abc", "abd", 3) < 0);
  printf("%s %s %s\\n", strchr(b, 'o'), strrchr(b, 'o'), strchr(b, 'z') ? "found" : "none");
  char *d = strdup(b);
  memmove(d + 1, d, 5);
  memset(d, '*', 1);
  printf("%s\\n", d);
  free(d);
  int *v = calloc(4, sizeof *v);
  v = realloc(v, 8 * sizeof *v);
  for (int i = 0; i < 8; i++) v[i] = i * i;
  int s = 0;
  for (int i = 0; i < 8; i++) s += v[i];
  free(v);
  int cls = 0;
  for (int c = 0; c < 128; c++) cls += isalpha(c) + 2 * !!isdigit(c) + 4 * !!isspace(c) + 8 * !!ispunct(c) + (toupper(c) ^ tolower(c));
  printf("%d %d %d %ld\\n", s, cls, abs(-5), labs(-7L));
  return 0;
}`);
});
