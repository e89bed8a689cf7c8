// tr-like: tr [-cds] SET1 [SET2], translating or deleting its input; sets with ranges (a-z), escapes
// (\n \t \\ \NNN) and classes ([:digit:] [:alpha:] [:upper:] [:lower:] [:space:]).
#include "sgs.h"

#define SET_MAX 64

/* Expands a set specification; returns its length or -1 on a bad specification. */
static int expand(const char *s, unsigned char *out) {
  int n = 0;
  while (*s) {
    int c = (unsigned char)*s++;
    if (c == '[' && *s == ':') {
      const char *cls = s + 1;
      int (*pred)(int) = 0;
      int len = 0;
      if (cls[0] == 'd' && cls[1] == 'i') pred = sgs_isdigit, len = 5;
      else if (cls[0] == 'a' && cls[1] == 'l') pred = sgs_isalpha, len = 5;
      else if (cls[0] == 'u') pred = sgs_isupper, len = 5;
      else if (cls[0] == 'l') pred = sgs_islower, len = 5;
      else if (cls[0] == 's') pred = sgs_isspace, len = 5;
      if (!pred) return -1;
      for (int k = 0; k < len; k++)
        if (!cls[k]) return -1;
      if (cls[len] != ':' || cls[len + 1] != ']') return -1;
      for (int x = 0; x < 128 && n < SET_MAX; x++)
        if (pred(x)) out[n++] = (unsigned char)x;
      s = cls + len + 2;
      continue;
    }
    if (c == '\\' && *s) {
      c = (unsigned char)*s++;
      if (c == 'n') c = '\n';
      else if (c == 't') c = '\t';
      else if (c >= '0' && c <= '7') {
        int v = c - '0';
        for (int k = 0; k < 2 && *s >= '0' && *s <= '7'; k++) v = v * 8 + (*s++ - '0');
        c = v & 0xff;
      }
    }
    if (*s == '-' && s[1]) {
      int hi = (unsigned char)s[1];
      if (hi < c) return -1; /* reverse range */
      s += 2;
      for (int x = c; x <= hi && n < SET_MAX; x++) out[n++] = (unsigned char)x;
      continue;
    }
    if (n < SET_MAX) out[n++] = (unsigned char)c;
  }
  return n;
}

int util_main(int argc, char **argv) {
  int del = 0, squeeze = 0, complement = 0, i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    for (int k = 1; argv[i][k]; k++) {
      char o = argv[i][k];
      if (o == 'd') del = 1;
      else if (o == 's') squeeze = 1;
      else if (o == 'c' || o == 'C') complement = 1;
      else {
        sgs_puts("tr: invalid option\n");
        return 1;
      }
    }
  }
  int nsets = argc - i;
  if (nsets < 1 || nsets > 2 || (del && !squeeze && nsets != 1) || (!del && !squeeze && nsets != 2)) {
    sgs_puts("tr: missing or extra operand\n");
    return 1;
  }
  unsigned char set1[SET_MAX], set2[SET_MAX];
  int n1 = expand(argv[i], set1), n2 = nsets == 2 ? expand(argv[i + 1], set2) : 0;
  if (n1 < 0 || n2 < 0) {
    sgs_puts("tr: bad set\n");
    return 1;
  }
  unsigned char in1[256] = {0};
  for (int k = 0; k < n1; k++) in1[set1[k]] = 1;
  if (complement)
    for (int k = 0; k < 256; k++) in1[k] = !in1[k];
  int c, last = -1;
  while ((c = sgs_getc()) != SGS_EOF) {
    if (del && in1[c]) continue;
    if (!del && nsets == 2 && in1[c]) {
      int at = 0;
      if (!complement)
        while (set1[at] != c) at++;
      c = n2 == 0 ? c : set2[at < n2 ? at : n2 - 1];
    }
    const unsigned char *sq = nsets == 2 ? set2 : set1;
    int nsq = nsets == 2 ? n2 : n1, insq = 0;
    for (int k = 0; k < nsq; k++)
      if (sq[k] == c) insq = 1;
    if (squeeze && insq && c == last) continue;
    sgs_putc(c);
    last = c;
  }
  return 0;
}
