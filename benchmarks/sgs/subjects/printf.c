// printf-like: printf FORMAT [ARGUMENT]... with %d %i %u %x %X %o %c %s %% and flags (- 0 +, space),
// a width, backslash escapes; the format is reused while arguments remain (GNU printf).
#include "sgs.h"

static int argi, nargs;
static char **args;

static const char *next_arg(void) { return argi < nargs ? args[argi++] : ""; }

static long to_long(const char *s, int *bad) {
  int neg = 0;
  long v = 0;
  if (*s == '\'' || *s == '"') return (unsigned char)s[1]; /* 'c: the character's code */
  if (*s == '-' || *s == '+') neg = *s++ == '-';
  if (*s && !sgs_isdigit(*s)) *bad = 1;
  while (sgs_isdigit(*s)) v = v * 10 + (*s++ - '0');
  if (*s) *bad = 1;
  return neg ? -v : v;
}

static void pad(int n, char c) {
  while (n-- > 0) sgs_putc(c);
}

static void put_unsigned(unsigned long u, int base, int upper, int width, int left, int zero, const char *sign) {
  char buf[24];
  int n = 0;
  const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  do buf[n++] = digits[u % base], u /= base;
  while (u);
  int len = n + sgs_strlen(sign);
  if (!left && !zero) pad(width - len, ' ');
  sgs_puts(sign);
  if (!left && zero) pad(width - len, '0');
  while (n) sgs_putc(buf[--n]);
  if (left) pad(width - len, ' ');
}

/* One pass over the format; returns 0 after \c. */
static int format(const char *f, int *status) {
  for (; *f; f++) {
    if (*f == '\\' && f[1]) {
      f++;
      switch (*f) {
      case 'n': sgs_putc('\n'); break;
      case 't': sgs_putc('\t'); break;
      case '\\': sgs_putc('\\'); break;
      case 'c': return 0;
      default: sgs_putc('\\'); sgs_putc(*f);
      }
      continue;
    }
    if (*f != '%') {
      sgs_putc(*f);
      continue;
    }
    f++;
    int left = 0, zero = 0, plus = 0, space = 0, width = 0;
    for (;; f++) {
      if (*f == '-') left = 1;
      else if (*f == '0') zero = 1;
      else if (*f == '+') plus = 1;
      else if (*f == ' ') space = 1;
      else break;
    }
    while (sgs_isdigit(*f)) width = width * 10 + (*f++ - '0');
    char conv = *f;
    if (conv == 0) {
      sgs_puts("printf: missing format character\n");
      *status = 1;
      return 0;
    }
    if (conv == '%') {
      sgs_putc('%');
    } else if (conv == 's' || conv == 'c') {
      const char *s = next_arg();
      int len = conv == 'c' ? (s[0] != 0) : sgs_strlen(s);
      if (!left) pad(width - len, ' ');
      for (int k = 0; k < len; k++) sgs_putc(s[k]);
      if (left) pad(width - len, ' ');
    } else if (conv == 'd' || conv == 'i' || conv == 'u' || conv == 'x' || conv == 'X' || conv == 'o') {
      int bad = 0;
      long v = to_long(next_arg(), &bad);
      if (bad) {
        sgs_puts("printf: invalid number\n");
        *status = 1;
      }
      const char *sign = "";
      unsigned long u = (unsigned long)v;
      if (conv == 'd' || conv == 'i') {
        if (v < 0) sign = "-", u = 0UL - (unsigned long)v;
        else if (plus) sign = "+";
        else if (space) sign = " ";
      }
      int base = conv == 'x' || conv == 'X' ? 16 : conv == 'o' ? 8 : 10;
      put_unsigned(u, base, conv == 'X', width, left, zero && !left, sign);
    } else {
      sgs_puts("printf: invalid conversion\n");
      *status = 1;
      return 0;
    }
  }
  return 1;
}

int util_main(int argc, char **argv) {
  if (argc < 2) {
    sgs_puts("printf: missing operand\n");
    return 1;
  }
  args = argv + 2;
  nargs = argc - 2;
  int status = 0;
  do {
    int used = argi;
    if (!format(argv[1], &status)) break;
    if (argi == used) break; /* the format takes no arguments */
  } while (argi < nargs);
  return status;
}
