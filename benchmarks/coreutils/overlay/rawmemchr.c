/* sympath: gnulib's lib/rawmemchr.c for the IR build, one byte at a time.
 *
 * musl has no rawmemchr, so gnulib compiles its own, which scans aligned 8-byte words and so reads up
 * to 7 bytes past the byte it stops at: harmless on a page, an out-of-bounds read of the heap object
 * in sympath's memory model (seen in shuf reading its input). Same reason and same remedy as musl's
 * word-at-a-time string functions (runtime/musl/README.md). cc-musl compiles this file in place of
 * lib/rawmemchr.c; the native gcov build keeps gnulib's. */
#include <config.h>

#include <string.h>

void *
rawmemchr (const void *s, int c_in)
{
  const unsigned char *p = s;
  unsigned char c = c_in;
  while (*p != c)
    p++;
  return (void *) p;
}
