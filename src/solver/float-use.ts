// Whether a query uses floating-point kinds (expr.ts FAdd..UIToFp), memoised per node and per write:
// the wasm back end sends such queries to a solver that knows the floating-point theory (its default
// QF_ABV solver does not: it answered `sat` with a model violating fp.lt constraints).

import { Expr, Kind, isFloatKind, type UpdateNode } from '../expr/expr.js';
import { postOrder, updateChain } from '../expr/walk.js';

export class FloatUse {
  private readonly nodes = new Map<number, boolean>();
  private readonly writes = new Map<number, boolean>();

  /** Whether `e` or anything below it (update lists included) is a floating-point node. */
  has(e: Expr): boolean {
    postOrder(
      e,
      (n) => this.nodes.has(n.id),
      (n) => {
        let f = isFloatKind(n.kind) || n.kids.some((k) => this.nodes.get(k.id) === true);
        if (!f && n.kind === Kind.Read && n.updates) f = this.inWrites(n.updates);
        this.nodes.set(n.id, f);
      },
    );
    return this.nodes.get(e.id)!;
  }

  private inWrites(u: UpdateNode): boolean {
    for (const w of updateChain(u, (x) => this.writes.has(x.id))) {
      const older = w.next ? this.writes.get(w.next.id)! : false;
      this.writes.set(w.id, older || this.has(w.index) || this.has(w.value));
    }
    return this.writes.get(u.id)!;
  }
}
