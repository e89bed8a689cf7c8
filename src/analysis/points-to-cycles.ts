// Strongly connected components of a graph over node numbers, for points-to's cycle collapsing: the
// nodes of a cycle of copy edges always end with the same points-to set, so the solver merges them.
// Iterative Tarjan (the constraint graph of a large module is far deeper than the JS stack).

/**
 * The components of more than one node of the graph on nodes `0..n-1` with successors `succs`,
 * searching from every node for which `startFrom` holds (and from whatever those reach).
 */
export function cyclesOf(n: number, startFrom: (v: number) => boolean, succs: (v: number) => number[]): number[][] {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const comps: number[][] = [];
  let counter = 0;
  // Frames hold a node and its successors still to visit.
  const frameNode: number[] = [];
  const frameSuccs: number[][] = [];
  const framePos: number[] = [];
  const enter = (v: number): void => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = 1;
    frameNode.push(v);
    frameSuccs.push(succs(v));
    framePos.push(0);
  };
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1 || !startFrom(root)) continue;
    enter(root);
    while (frameNode.length) {
      const top = frameNode.length - 1;
      const v = frameNode[top]!;
      const out = frameSuccs[top]!;
      if (framePos[top]! < out.length) {
        const w = out[framePos[top]!++]!;
        if (w === v) continue;
        if (index[w] === -1) enter(w);
        else if (onStack[w] && index[w]! < low[v]!) low[v] = index[w]!;
        continue;
      }
      frameNode.pop();
      frameSuccs.pop();
      framePos.pop();
      if (frameNode.length) {
        const p = frameNode[frameNode.length - 1]!;
        if (low[v]! < low[p]!) low[p] = low[v]!;
      }
      if (low[v] === index[v]) {
        let w = stack.pop()!;
        onStack[w] = 0;
        if (w === v) continue;
        const comp = [w];
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp.push(w);
        } while (w !== v);
        comps.push(comp);
      }
    }
  }
  return comps;
}
