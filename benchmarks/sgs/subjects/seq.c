// seq-like: seq [-w] [-s SEP] [FIRST [INCREMENT]] LAST over integers (at most 16 numbers printed),
// with GNU seq's checks: invalid numbers, a zero increment.
#include "sgs.h"

#define MAX_OUT 16

static int parse_int(const char *s, long *out) {
  int neg = 0;
  long v = 0;
  if (*s == '+' || *s == '-') neg = *s++ == '-';
  if (!sgs_isdigit(*s)) return 0;
  while (sgs_isdigit(*s)) v = v * 10 + (*s++ - '0');
  if (*s) return 0;
  *out = neg ? -v : v;
  return 1;
}

static int width_of(long v) {
  int w = v < 0;
  unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
  do w++, u /= 10;
  while (u);
  return w;
}

int util_main(int argc, char **argv) {
  int equal_width = 0, i = 1;
  const char *sep = "\n";
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || sgs_isdigit(a[1]) || a[1] == 0) break; /* negative numbers are operands */
    if (a[1] == 'w' && a[2] == 0) equal_width = 1;
    else if (a[1] == 's') {
      if (a[2]) sep = a + 2;
      else if (i + 1 < argc) sep = argv[++i];
      else {
        sgs_puts("seq: option requires an argument -- 's'\n");
        return 1;
      }
    } else if (a[1] == '-' && a[2] == 0) {
      i++;
      break;
    } else {
      sgs_puts("seq: invalid option\n");
      return 1;
    }
  }
  int n = argc - i;
  if (n < 1 || n > 3) {
    sgs_puts(n < 1 ? "seq: missing operand\n" : "seq: extra operand\n");
    return 1;
  }
  long first = 1, incr = 1, last;
  if (!parse_int(argv[argc - 1], &last) || (n >= 2 && !parse_int(argv[i], &first)) || (n == 3 && !parse_int(argv[i + 1], &incr))) {
    sgs_puts("seq: invalid floating point argument\n");
    return 1;
  }
  if (incr == 0) {
    sgs_puts("seq: invalid Zero increment value\n");
    return 1;
  }
  int w = 0;
  if (equal_width) {
    int a = width_of(first), b = width_of(last);
    w = a > b ? a : b;
  }
  int count = 0;
  for (long v = first; (incr > 0 ? v <= last : v >= last) && count < MAX_OUT; v += incr, count++) {
    if (count) sgs_puts(sep);
    if (v < 0) sgs_putc('-');
    for (int pad = width_of(v); pad < w; pad++) sgs_putc('0');
    sgs_putnum(v < 0 ? -v : v);
  }
  if (count) sgs_putc('\n');
  return 0;
}
