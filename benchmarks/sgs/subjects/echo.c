// echo-like: echo [-neE]... [STRING]... with backslash escapes under -e (GNU coreutils' echo).
#include "sgs.h"

static int hexval(int c) {
  if (sgs_isdigit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Prints `s` interpreting escapes; returns 0 when \c asked to stop all output. */
static int print_escaped(const char *s) {
  while (*s) {
    char c = *s++;
    if (c != '\\' || *s == 0) {
      sgs_putc(c);
      continue;
    }
    c = *s++;
    switch (c) {
    case 'a': sgs_putc(7); break;
    case 'b': sgs_putc(8); break;
    case 'c': return 0;
    case 'e': sgs_putc(27); break;
    case 'f': sgs_putc(12); break;
    case 'n': sgs_putc('\n'); break;
    case 'r': sgs_putc('\r'); break;
    case 't': sgs_putc('\t'); break;
    case 'v': sgs_putc(11); break;
    case '\\': sgs_putc('\\'); break;
    case 'x': {
      int v = hexval(*s);
      if (v < 0) {
        sgs_putc('\\');
        sgs_putc('x');
        break;
      }
      s++;
      int w = hexval(*s);
      if (w >= 0) {
        v = v * 16 + w;
        s++;
      }
      sgs_putc(v);
      break;
    }
    case '0': {
      int v = 0;
      for (int k = 0; k < 3 && *s >= '0' && *s <= '7'; k++) v = v * 8 + (*s++ - '0');
      sgs_putc(v);
      break;
    }
    default:
      sgs_putc('\\');
      sgs_putc(c);
    }
  }
  return 1;
}

int util_main(int argc, char **argv) {
  int newline = 1, escapes = 0, i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || a[1] == 0) break;
    int ok = 1;
    for (int k = 1; a[k]; k++)
      if (a[k] != 'n' && a[k] != 'e' && a[k] != 'E') ok = 0;
    if (!ok) break; /* not an option: printed as is */
    for (int k = 1; a[k]; k++) {
      if (a[k] == 'n') newline = 0;
      else if (a[k] == 'e') escapes = 1;
      else escapes = 0;
    }
  }
  for (int first = 1; i < argc; i++, first = 0) {
    if (!first) sgs_putc(' ');
    if (escapes) {
      if (!print_escaped(argv[i])) return 0;
    } else {
      sgs_puts(argv[i]);
    }
  }
  if (newline) sgs_putc('\n');
  return 0;
}
