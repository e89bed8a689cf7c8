// References the parser can only resolve once their targets exist: `#N` attribute groups (defined
// anywhere in the module) and `blockaddress(@f, %b)` of another function's block. Each pending use is
// resolved once and dropped, so a body parsed after its module (parse-lazy.ts) resolves only its own.

import { quoteName, type ParseContext } from './parse-context.js';
import type { BasicBlock } from './model.js';

export function resolveGroupUses(p: ParseContext): void {
  for (const use of p.groupUses) {
    const attrs = p.attrGroups.get(use.id);
    if (!attrs) throw p.failAt(use.pos, `use of undefined attribute group '#${use.id}'`);
    // A holder with no attributes of its own shares the group's (frozen) list: calls to the same
    // library function mostly carry just `#N`.
    const cur = use.holder[use.key] as string[] | undefined;
    use.holder[use.key] = cur && cur.length ? cur.concat(attrs) : attrs;
  }
  p.groupUses.length = 0;
}

export function resolveBlockAddresses(p: ParseContext): void {
  for (const { ba, blockName, pos } of p.blockAddrs) {
    void ba.fn.blocks; // a body parsed on first use is parsed now (parse-lazy.ts)
    const block = p.blocksOf.get(ba.fn)?.get(blockName);
    if (!block) throw p.failAt(pos, `use of undefined value '%${quoteName(blockName)}' in blockaddress`);
    (ba as { block: BasicBlock }).block = block;
  }
  p.blockAddrs.length = 0;
}
