// cut-like: cut -b LIST | -c LIST | -f LIST [-d DELIM] [-s], LIST = N, N-, -M, N-M joined by commas,
// applied to each line of the input.
#include "sgs.h"

#define MAXPOS 16

static unsigned char sel[MAXPOS + 2]; /* sel[k]: position k (1-based) selected; sel[MAXPOS+1]: all beyond */

static int parse_list(const char *s) {
  int any = 0;
  while (*s) {
    int lo = 0, hi = 0, range = 0;
    while (sgs_isdigit(*s)) lo = lo * 10 + (*s++ - '0');
    if (*s == '-') {
      range = 1;
      s++;
      while (sgs_isdigit(*s)) hi = hi * 10 + (*s++ - '0');
    }
    if (*s == ',') s++;
    else if (*s) return 0; /* bad character */
    if (!range) hi = lo;
    if (lo == 0 && !range) return 0; /* positions start at 1 */
    if (lo == 0) lo = 1;
    if (hi == 0) hi = MAXPOS + 1; /* open range: to the end */
    if (hi < lo) return 0; /* decreasing range */
    for (int k = lo; k <= hi && k <= MAXPOS + 1; k++) sel[k] = 1;
    any = 1;
  }
  return any;
}

static int selected(int k) { return k > MAXPOS ? sel[MAXPOS + 1] : sel[k]; }

int util_main(int argc, char **argv) {
  int mode = 0, only_delimited = 0;
  char delim = '\t';
  const char *list = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || a[1] == 0) {
      sgs_puts("cut: extra operand\n");
      return 1;
    }
    char o = a[1];
    const char *val = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : 0);
    if (o == 's' && a[2] == 0) {
      only_delimited = 1;
      continue;
    }
    if (!val) {
      sgs_puts("cut: option requires an argument\n");
      return 1;
    }
    if (o == 'b' || o == 'c' || o == 'f') {
      if (mode) {
        sgs_puts("cut: only one type of list may be specified\n");
        return 1;
      }
      mode = o;
      list = val;
    } else if (o == 'd') {
      if (val[0] == 0 || val[1] != 0) {
        sgs_puts("cut: the delimiter must be a single character\n");
        return 1;
      }
      delim = val[0];
    } else {
      sgs_puts("cut: invalid option\n");
      return 1;
    }
  }
  if (!mode) {
    sgs_puts("cut: you must specify a list of bytes, characters, or fields\n");
    return 1;
  }
  if (!parse_list(list)) {
    sgs_puts("cut: invalid list\n");
    return 1;
  }
  int c, k = 1, has_delim = 0, printed = 0;
  char line[SGS_IN_LEN + 1];
  int len = 0;
  for (;;) {
    c = sgs_getc();
    if (c != SGS_EOF && c != '\n') {
      line[len++] = (char)c;
      continue;
    }
    if (mode != 'f') {
      for (int j = 0; j < len; j++)
        if (selected(j + 1)) sgs_putc(line[j]);
    } else {
      has_delim = 0;
      for (int j = 0; j < len; j++) has_delim |= line[j] == delim;
      if (!has_delim) {
        if (!only_delimited)
          for (int j = 0; j < len; j++) sgs_putc(line[j]);
      } else {
        k = 1;
        printed = 0;
        for (int j = 0; j <= len; j++) {
          if (j == len || line[j] == delim) {
            k++;
            continue;
          }
          if (selected(k)) {
            if (printed && (j == 0 || line[j - 1] == delim)) sgs_putc(delim);
            sgs_putc(line[j]);
            printed = 1;
          }
        }
      }
    }
    if (c == SGS_EOF) break;
    sgs_putc('\n');
    len = 0;
  }
  return 0;
}
