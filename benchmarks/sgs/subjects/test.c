// test-like: test EXPRESSION — `! E`, `E -a E`, `E -o E`, `( E )`, `-n S`, `-z S`, `S`, `S = S`,
// `S != S`, `N -eq|-ne|-lt|-le|-gt|-ge N` — with the exit statuses 0 (true), 1 (false), 2 (error).
#include "sgs.h"

static char **tok;
static int ntok, pos, err;

static int peek(const char *s) { return pos < ntok && sgs_streq(tok[pos], s); }

static int parse_int(const char *s, long *v) {
  int neg = 0;
  long x = 0;
  while (sgs_isspace(*s)) s++;
  if (*s == '-' || *s == '+') neg = *s++ == '-';
  if (!sgs_isdigit(*s)) return 0;
  while (sgs_isdigit(*s)) x = x * 10 + (*s++ - '0');
  if (*s) return 0;
  *v = neg ? -x : x;
  return 1;
}

static int binop(const char *op) {
  static const char *ops[] = {"=", "!=", "-eq", "-ne", "-lt", "-le", "-gt", "-ge"};
  for (int k = 0; k < 8; k++)
    if (sgs_streq(op, ops[k])) return k + 1;
  return 0;
}

static int expr_or(void);

static int primary(void) {
  if (pos >= ntok) {
    err = 1;
    return 0;
  }
  if (peek("!")) {
    pos++;
    return !primary();
  }
  if (peek("(")) {
    pos++;
    int v = expr_or();
    if (!peek(")")) err = 1;
    else pos++;
    return v;
  }
  if (pos + 2 < ntok + 1 && pos + 1 < ntok) {
    int op = binop(tok[pos + 1]);
    if (op && pos + 2 < ntok) {
      const char *l = tok[pos], *r = tok[pos + 2];
      pos += 3;
      if (op <= 2) return (op == 1) == sgs_streq(l, r);
      long a, b;
      if (!parse_int(l, &a) || !parse_int(r, &b)) {
        err = 1;
        return 0;
      }
      switch (op) {
      case 3: return a == b;
      case 4: return a != b;
      case 5: return a < b;
      case 6: return a <= b;
      case 7: return a > b;
      default: return a >= b;
      }
    }
  }
  if ((peek("-n") || peek("-z")) && pos + 1 < ntok) {
    int z = tok[pos][1] == 'z';
    const char *s = tok[pos + 1];
    pos += 2;
    return z ? s[0] == 0 : s[0] != 0;
  }
  return tok[pos++][0] != 0;
}

static int expr_and(void) {
  int v = primary();
  while (!err && peek("-a")) {
    pos++;
    int r = primary();
    v = v && r;
  }
  return v;
}

static int expr_or(void) {
  int v = expr_and();
  while (!err && peek("-o")) {
    pos++;
    int r = expr_and();
    v = v || r;
  }
  return v;
}

int util_main(int argc, char **argv) {
  tok = argv + 1;
  ntok = argc - 1;
  if (ntok == 0) return 1;
  int v = expr_or();
  if (err || pos != ntok) {
    sgs_puts("test: syntax error\n");
    return 2;
  }
  return v ? 0 : 1;
}
