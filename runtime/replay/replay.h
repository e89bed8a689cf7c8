/*
 * runtime/replay/replay.h: the contract between sympath's replay library (this folder, linked into a
 * native build of the program under test) and `sympath replay` (src/replay), which reads the exit
 * statuses and environment variables below. Keep src/replay/runtime-contract.ts in step with it.
 *
 * Every failure of the library itself is one line on stderr starting with "sympath-replay: error:"
 * followed by one of the exit statuses below, so a program's own exit(7x) is told apart by the line.
 */
#ifndef SYMPATH_REPLAY_H
#define SYMPATH_REPLAY_H

/* Exit statuses (70-something, after sysexits.h's EX_SOFTWARE range; documented in README.md). */
#define SYMPATH_REPLAY_EXIT_NO_KTEST 71  /* KTEST_FILE unset, unreadable, or not a .ktest file */
#define SYMPATH_REPLAY_EXIT_NAME 72      /* klee_make_symbolic's name differs from the next object's */
#define SYMPATH_REPLAY_EXIT_SIZE 73      /* klee_make_symbolic's size differs from the next object's */
#define SYMPATH_REPLAY_EXIT_EXHAUSTED 74 /* the program asks for more symbolic objects than the test has */
#define SYMPATH_REPLAY_EXIT_ASSUME 75    /* klee_assume(false): the test's values break an assumption */
#define SYMPATH_REPLAY_EXIT_RANGE 76     /* klee_range/klee_choose value outside its range */
#define SYMPATH_REPLAY_EXIT_ARGV 77      /* SYMPATH_REPLAY_ARGV file unreadable or its count differs */

/* Environment variables read by the library. */
#define SYMPATH_REPLAY_ENV_KTEST "KTEST_FILE"          /* the .ktest to replay (KLEE's name) */
#define SYMPATH_REPLAY_ENV_SKIP "SYMPATH_KTEST_SKIP"   /* comma-separated object indices to skip */
#define SYMPATH_REPLAY_ENV_ARGV "SYMPATH_REPLAY_ARGV"  /* file of NUL-terminated raw argv[1..] bytes */
#define SYMPATH_REPLAY_ENV_LENIENT "SYMPATH_REPLAY_LENIENT" /* "1": name/size mismatches only warn */

#endif /* SYMPATH_REPLAY_H */
