/* Fixture of test/strategies/dise: a small program whose changes affect some paths and not others. The
 * grade depends on the score and the attendance bonus; the `late` notice is independent of both, so a
 * change to the grading leaves its two directions unimpacted (DiSE explores one of them). Inputs are
 * bounded so that the paths are few (24 feasible). Mutants of it are the soundness test's versions. */
#include <stdio.h>
#include <klee/klee.h>

static int bonus(int attendance) {
  if (attendance > 90)
    return 5;
  if (attendance > 75)
    return 2;
  return 0;
}

static char letter(int total) {
  if (total >= 90)
    return 'A';
  if (total >= 80)
    return 'B';
  if (total >= 70)
    return 'C';
  return 'F';
}

int main(void) {
  int score, attendance, late;
  klee_make_symbolic(&score, sizeof score, "score");
  klee_make_symbolic(&attendance, sizeof attendance, "attendance");
  klee_make_symbolic(&late, sizeof late, "late");
  klee_assume((score >= 0) & (score <= 100));
  klee_assume((attendance >= 0) & (attendance <= 100));
  int total = score * bonus(attendance);
  if (late)
    printf("late\n");
  printf("%c\n", letter(total));
  return 0;
}
