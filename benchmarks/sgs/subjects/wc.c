// wc-like: wc [-clmwL] [--bytes|--lines|--words|--chars|--max-line-length|--help] counting its input.
#include "sgs.h"

enum { BYTES = 1, LINES = 2, WORDS = 4, CHARS = 8, MAXLEN = 16 };

static int long_option(const char *a) {
  if (sgs_streq(a, "--bytes")) return BYTES;
  if (sgs_streq(a, "--lines")) return LINES;
  if (sgs_streq(a, "--words")) return WORDS;
  if (sgs_streq(a, "--chars")) return CHARS;
  if (sgs_streq(a, "--max-line")) return MAXLEN;
  if (sgs_streq(a, "--help")) return -2;
  return -1;
}

int util_main(int argc, char **argv) {
  int which = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || a[1] == 0) {
      sgs_puts("wc: cannot open ");
      sgs_puts(a);
      sgs_putc('\n');
      return 1;
    }
    if (a[1] == '-') {
      int o = long_option(a);
      if (o == -2) {
        sgs_puts("Usage: wc [OPTION]...\n");
        return 0;
      }
      if (o < 0) {
        sgs_puts("wc: unrecognized option\n");
        return 1;
      }
      which |= o;
      continue;
    }
    for (int k = 1; a[k]; k++) {
      switch (a[k]) {
      case 'c': which |= BYTES; break;
      case 'l': which |= LINES; break;
      case 'w': which |= WORDS; break;
      case 'm': which |= CHARS; break;
      case 'L': which |= MAXLEN; break;
      default:
        sgs_puts("wc: invalid option -- ");
        sgs_putc(a[k]);
        sgs_putc('\n');
        return 1;
      }
    }
  }
  if (which == 0) which = LINES | WORDS | BYTES;
  long lines = 0, words = 0, bytes = 0, chars = 0, maxlen = 0, linelen = 0;
  int inword = 0, c;
  while ((c = sgs_getc()) != SGS_EOF) {
    bytes++;
    if ((c & 0xc0) != 0x80) chars++; /* UTF-8 continuation bytes are not characters */
    if (c == '\n') {
      lines++;
      if (linelen > maxlen) maxlen = linelen;
      linelen = 0;
    } else if (c == '\t') {
      linelen += 8 - linelen % 8;
    } else if (c >= ' ' && c < 127) {
      linelen++;
    }
    if (sgs_isspace(c)) {
      inword = 0;
    } else if (!inword) {
      inword = 1;
      words++;
    }
  }
  if (linelen > maxlen) maxlen = linelen;
  int first = 1;
  long vals[5] = {lines, words, chars, bytes, maxlen};
  int bits[5] = {LINES, WORDS, CHARS, BYTES, MAXLEN};
  for (int k = 0; k < 5; k++) {
    if (!(which & bits[k])) continue;
    if (!first) sgs_putc(' ');
    sgs_putnum(vals[k]);
    first = 0;
  }
  sgs_putc('\n');
  return 0;
}
