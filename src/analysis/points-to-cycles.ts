// Strongly connected components of the constraint graph's copy edges, for points-to's cycle
// collapsing: the nodes of a cycle of copy edges always end with the same points-to set, so the solver
// merges them. Iterative Tarjan (the constraint graph of a large module is far deeper than the JS
// stack), over the solver's own successor lists (no copy of the graph: a successor is mapped to its
// representative through the union-find `parent` links, as it may have been merged since the edge was
// added), with its stacks in typed arrays.

/**
 * The components of more than one node of the graph of representatives (`parent[v] === v`) with
 * successor lists `succs` (members mapped to their representatives), searching from every
 * representative that has successors.
 */
export function cyclesOf(parent: readonly number[], succs: readonly (readonly number[] | undefined)[]): number[][] {
  const n = parent.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  let sp = 0;
  const comps: number[][] = [];
  let counter = 0;
  // Frames hold a node and the position of its next successor to visit.
  const frameNode = new Int32Array(n);
  const framePos = new Int32Array(n);
  let fp = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1 || parent[root] !== root || succs[root] === undefined) continue;
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    frameNode[fp] = root;
    framePos[fp++] = 0;
    while (fp > 0) {
      const top = fp - 1;
      const v = frameNode[top]!;
      const out = succs[v];
      if (out !== undefined && framePos[top]! < out.length) {
        let w = out[framePos[top]!++]!;
        while (parent[w] !== w) w = parent[w]!;
        if (w === v) continue;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          frameNode[fp] = w;
          framePos[fp++] = 0;
        } else if (onStack[w] && index[w]! < low[v]!) low[v] = index[w]!;
        continue;
      }
      fp--;
      if (fp > 0) {
        const p = frameNode[fp - 1]!;
        if (low[v]! < low[p]!) low[p] = low[v]!;
      }
      if (low[v] === index[v]) {
        let w = stack[--sp]!;
        onStack[w] = 0;
        if (w === v) continue;
        const comp = [w];
        do {
          w = stack[--sp]!;
          onStack[w] = 0;
          comp.push(w);
        } while (w !== v);
        comps.push(comp);
      }
    }
  }
  return comps;
}
