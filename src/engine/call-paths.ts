// Call paths — the chain of call sites from the entry function to a frame, nurs:cpicnt's unit of
// counting and the context of PSE's summaries — as small integers, each one's key string (`-1/12/40`:
// the call instructions' ids) made once. The key used to be built by every call (`${caller}/${site}`)
// and hashed again by the coverage's count of each call path at the end of every batch: a string per
// call, flattened once hashed, in programs that call small functions all the time.
//
// One table for the process: an id stands for the same sequence of call-site ids in every run (as the
// key string did), and the table only grows by call paths some run entered.

/** The entry function's call path. */
export const ROOT_CALL_PATH = 0;

/** Instruction ids below this fit the table's numeric key next to their parent's id. */
const SITE_LIMIT = 1 << 26;

const children = new Map<number, number>();
const keys: string[] = ['-1'];

/** The call path of a call at instruction `siteId` made in a frame whose call path is `parent`. */
export function callPathChild(parent: number, siteId: number): number {
  if (siteId >= SITE_LIMIT) throw new Error(`call-site instruction id ${siteId} is beyond the call-path table's ${SITE_LIMIT}`);
  const k = parent * SITE_LIMIT + siteId;
  let id = children.get(k);
  if (id === undefined) {
    id = keys.length;
    keys.push(`${keys[parent]!}/${siteId}`);
    children.set(k, id);
  }
  return id;
}

/** The key string of call path `id` (`-1` for the entry function, then `/`-separated call-site ids). */
export function callPathKey(id: number): string {
  return keys[id]!;
}
