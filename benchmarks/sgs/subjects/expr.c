// expr-like: evaluates an expression given as separate arguments — `|` `&`, comparisons (= != < <= >
// >=), `+ -`, `* / %`, `length STR`, parentheses — over integers and strings, with GNU expr's exit
// statuses (0 non-null, 1 null or zero, 2 syntax error, 3 division by zero).
#include "sgs.h"

static char **toks;
static int ntoks, pos, status;

typedef struct {
  int isnum;
  long num;
  const char *str;
} Val;

static int parse_num(const char *s, long *out) {
  int neg = 0;
  long v = 0;
  if (*s == '-') neg = 1, s++;
  if (!*s) return 0;
  for (; *s; s++) {
    if (!sgs_isdigit(*s)) return 0;
    v = v * 10 + (*s - '0');
  }
  *out = neg ? -v : v;
  return 1;
}

static Val num(long n) {
  Val v = {1, n, 0};
  return v;
}

static int as_num(Val v, long *out) {
  if (v.isnum) {
    *out = v.num;
    return 1;
  }
  return parse_num(v.str, out);
}

static int is_null(Val v) { return v.isnum ? v.num == 0 : (v.str[0] == 0 || (v.str[0] == '0' && v.str[1] == 0)); }

static int at(const char *op) { return pos < ntoks && sgs_streq(toks[pos], op); }

static Val parse_or(void);

static Val parse_primary(void) {
  if (pos >= ntoks) {
    status = 2;
    return num(0);
  }
  if (at("(")) {
    pos++;
    Val v = parse_or();
    if (!at(")")) status = 2;
    else pos++;
    return v;
  }
  if (at("length")) {
    pos++;
    if (pos >= ntoks) {
      status = 2;
      return num(0);
    }
    return num(sgs_strlen(toks[pos++]));
  }
  Val v = {0, 0, toks[pos++]};
  long n;
  if (parse_num(v.str, &n)) return num(n);
  return v;
}

static Val parse_mul(void) {
  Val l = parse_primary();
  while (status == 0 && (at("*") || at("/") || at("%"))) {
    char op = toks[pos++][0];
    Val r = parse_primary();
    long a, b;
    if (!as_num(l, &a) || !as_num(r, &b)) {
      status = 2;
      return num(0);
    }
    if (op != '*' && b == 0) {
      status = 3;
      return num(0);
    }
    l = num(op == '*' ? a * b : op == '/' ? a / b : a % b);
  }
  return l;
}

static Val parse_add(void) {
  Val l = parse_mul();
  while (status == 0 && (at("+") || at("-"))) {
    char op = toks[pos++][0];
    Val r = parse_mul();
    long a, b;
    if (!as_num(l, &a) || !as_num(r, &b)) {
      status = 2;
      return num(0);
    }
    l = num(op == '+' ? a + b : a - b);
  }
  return l;
}

static int compare(Val l, Val r) {
  long a, b;
  if (as_num(l, &a) && as_num(r, &b)) return a < b ? -1 : a > b;
  const char *x = l.isnum ? "" : l.str, *y = r.isnum ? "" : r.str;
  while (*x && *x == *y) x++, y++;
  return (unsigned char)*x - (unsigned char)*y;
}

static Val parse_cmp(void) {
  Val l = parse_add();
  while (status == 0 && (at("=") || at("!=") || at("<") || at("<=") || at(">") || at(">="))) {
    const char *op = toks[pos++];
    Val r = parse_add();
    int c = compare(l, r);
    int res = op[0] == '=' ? c == 0 : op[0] == '!' ? c != 0 : op[0] == '<' ? (op[1] ? c <= 0 : c < 0) : (op[1] ? c >= 0 : c > 0);
    l = num(res);
  }
  return l;
}

static Val parse_and(void) {
  Val l = parse_cmp();
  while (status == 0 && at("&")) {
    pos++;
    Val r = parse_cmp();
    l = is_null(l) || is_null(r) ? num(0) : l;
  }
  return l;
}

static Val parse_or(void) {
  Val l = parse_and();
  while (status == 0 && at("|")) {
    pos++;
    Val r = parse_and();
    l = is_null(l) ? (is_null(r) ? num(0) : r) : l;
  }
  return l;
}

int util_main(int argc, char **argv) {
  if (argc < 2) {
    sgs_puts("expr: missing operand\n");
    return 2;
  }
  toks = argv + 1;
  ntoks = argc - 1;
  Val v = parse_or();
  if (status == 0 && pos < ntoks) status = 2;
  if (status == 2) sgs_puts("expr: syntax error\n");
  if (status == 3) sgs_puts("expr: division by zero\n");
  if (status) return status;
  if (v.isnum) sgs_putnum(v.num);
  else sgs_puts(v.str);
  sgs_putc('\n');
  return is_null(v);
}
