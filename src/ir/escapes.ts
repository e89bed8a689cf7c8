// LLVM's string escapes (a doubled backslash for a backslash, backslash + two hex digits for a byte), and
// characters made printable for messages.

export function printable(text: string, pos: number): string {
  const c = text.charCodeAt(pos);
  return c < 32 || c === 127 ? `\\x${c.toString(16).padStart(2, '0')}` : text[pos]!;
}

function hexVal(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8');

/** LLVM string escapes: `\\` is a backslash, `\XX` a byte; anything else stays as written. */
export function unescapeToBytes(text: string, from: number, to: number): Uint8Array {
  const out: number[] = [];
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) {
      if (text.charCodeAt(i + 1) === 92) {
        out.push(92);
        i++;
        continue;
      }
      const h = hexVal(text.charCodeAt(i + 1));
      const l = i + 2 < to ? hexVal(text.charCodeAt(i + 2)) : -1;
      if (h >= 0 && l >= 0) {
        out.push(h * 16 + l);
        i += 2;
        continue;
      }
      out.push(92);
    } else if (c < 128) out.push(c);
    else for (const b of utf8.encode(text[i]!)) out.push(b);
  }
  return Uint8Array.from(out);
}

export function unescapeToString(text: string, from: number, to: number): string {
  if (text.indexOf('\\', from) < 0 || text.indexOf('\\', from) >= to) return text.slice(from, to);
  return utf8Decoder.decode(unescapeToBytes(text, from, to));
}
