// Standalone SMT-LIB 2 text for a set of constraints: what `--write-smt2s` writes beside each test
// (KLEE's option of the same name), readable by any SMT-LIB solver (`z3 test000001.smt2`). A fresh
// translator makes every declaration and table definition the text needs, so the file stands alone.

import { Kind, type Expr } from '../expr/expr.js';
import { queryTheoryArrays } from './array-use.js';
import { SmtLibTranslator } from './smtlib.js';

export function constraintsSmt2(constraints: readonly Expr[], comment: string): string {
  const conjuncts = constraints.filter((c) => !(c.kind === Kind.Const && c.value !== 0n));
  const tr = new SmtLibTranslator();
  const asserts = tr.assertion(conjuncts, queryTheoryArrays(conjuncts));
  const header = comment
    .split('\n')
    .map((l) => `; ${l}`)
    .join('\n');
  return `${header}\n(set-logic ALL)\n${tr.takePending()}${asserts}\n(check-sat)\n(exit)\n`;
}
