// wc over a symbolic buffer: lines, words, characters; options chosen by a symbolic flag byte.
#include <klee/klee.h>
int printf(const char *, ...);

#define LEN 6

int main(void) {
  char buf[LEN];
  char flags;
  klee_make_symbolic(buf, sizeof buf, "buf");
  klee_make_symbolic(&flags, sizeof flags, "flags");
  int lines = 0, words = 0, chars = 0, in_word = 0;
  for (int i = 0; i < LEN; i++) {
    char ch = buf[i];
    chars++;
    if (ch == '\n')
      lines++;
    if (ch == ' ' || ch == '\n' || ch == '\t') {
      in_word = 0;
    } else if (!in_word) {
      in_word = 1;
      words++;
    }
  }
  if (flags & 1)
    printf("%d ", lines);
  if (flags & 2)
    printf("%d ", words);
  if (flags & 4)
    printf("%d", chars);
  printf("\n");
  return 0;
}
