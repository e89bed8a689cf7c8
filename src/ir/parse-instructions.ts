// One instruction line: `[%name =] opcode …[, !kind !N]*`. The opcode keyword selects its parser from
// a table (one small function per instruction family); this file adds what every instruction shares:
// the result name, metadata attachments (`!dbg` kept for source locations) and its block.

import { Tok } from './lexer.js';
import { quoteName, type FunctionState, type ParseContext } from './parse-context.js';
import { parseMdRef } from './parse-metadata.js';
import type { InstParser } from './parse-inst-common.js';
import {
  parseBinary,
  parseCast,
  parseCompare,
  parseExtractElement,
  parseExtractValue,
  parseFreeze,
  parseInsertElement,
  parseInsertValue,
  parsePhi,
  parseSelect,
  parseShuffleVector,
  parseVaArg,
} from './parse-inst-basic.js';
import { parseAlloca, parseAtomicRmw, parseCmpXchg, parseFence, parseGep, parseLoad, parseStore } from './parse-inst-memory.js';
import {
  parseBr,
  parseIndirectBr,
  parseLandingPad,
  parseResume,
  parseRet,
  parseSwitch,
  parseUnreachable,
} from './parse-inst-control.js';
import { parseCall, parseInvoke, parseTailCall } from './parse-inst-call.js';
import { CASTS, FP_BINARY, INT_BINARY } from './typing.js';
import type { Instruction, TextPos, Value } from './model.js';
import { typeToString, typesEqual } from './types.js';

const PARSER_LIST: [string, InstParser][] = [
  ...[...INT_BINARY, ...FP_BINARY, 'fneg'].map((op): [string, InstParser] => [op, parseBinary]),
  ...[...CASTS].map((op): [string, InstParser] => [op, parseCast]),
  ['icmp', parseCompare],
  ['fcmp', parseCompare],
  ['select', parseSelect],
  ['freeze', parseFreeze],
  ['phi', parsePhi],
  ['extractvalue', parseExtractValue],
  ['insertvalue', parseInsertValue],
  ['extractelement', parseExtractElement],
  ['insertelement', parseInsertElement],
  ['shufflevector', parseShuffleVector],
  ['va_arg', parseVaArg],
  ['alloca', parseAlloca],
  ['load', parseLoad],
  ['store', parseStore],
  ['getelementptr', parseGep],
  ['atomicrmw', parseAtomicRmw],
  ['cmpxchg', parseCmpXchg],
  ['fence', parseFence],
  ['ret', parseRet],
  ['br', parseBr],
  ['switch', parseSwitch],
  ['indirectbr', parseIndirectBr],
  ['unreachable', parseUnreachable],
  ['resume', parseResume],
  ['landingpad', parseLandingPad],
  ['call', parseCall],
  ['tail', parseTailCall],
  ['musttail', parseTailCall],
  ['notail', parseTailCall],
  ['invoke', parseInvoke],
];
/** Opcode keyword → its parser, and the keyword's canonical string (vocabulary.ts). */
const PARSERS = new Map<string, { parse: InstParser; op: string }>(PARSER_LIST.map(([op, parse]) => [op, { parse, op }]));

/** Instructions of LLVM that C programs do not produce and the engine does not model. */
const UNSUPPORTED = new Set(['callbr', 'catchswitch', 'catchpad', 'cleanuppad', 'catchret', 'cleanupret']);

const TERMINATORS = new Set(['ret', 'br', 'switch', 'indirectbr', 'unreachable', 'resume', 'invoke']);

/** Parses one instruction into the current block; returns whether it was a terminator. */
export function parseInstruction(p: ParseContext, fs: FunctionState): boolean {
  const lx = p.lx;
  let name: string | undefined;
  let numbered = false;
  let namePos: TextPos | undefined;
  const pos = p.pos();
  if (lx.tok === Tok.LocalVar || lx.tok === Tok.LocalId) {
    name = lx.str;
    numbered = lx.tok === Tok.LocalId;
    namePos = pos;
    lx.next();
    p.expect(Tok.Equal, "'='");
  }
  if (lx.tok !== Tok.Ident) throw p.unexpected('an instruction');
  const entry = PARSERS.get(lx.str);
  if (!entry) throw p.fail(UNSUPPORTED.has(lx.str) ? `unsupported instruction '${lx.str}'` : `unknown instruction '${lx.str}'`);
  lx.next();
  const inst = entry.parse(p, fs, entry.op, pos);
  parseAttachments(p, inst);
  if (inst.type.kind === 'void') {
    if (name !== undefined) throw p.failAt(namePos!, 'instructions returning void cannot have a name');
  } else defineValue(p, fs, inst, name, numbered, namePos ?? pos);
  fs.block!.instructions.push(inst);
  return TERMINATORS.has(inst.op);
}

/** `, !kind !N` …; `!dbg` is kept (resolved at the end of the module), the others dropped. */
function parseAttachments(p: ParseContext, inst: Instruction): void {
  const lx = p.lx;
  for (;;) {
    if (p.ateExtraComma) p.ateExtraComma = false;
    else if (lx.tok === Tok.Comma) lx.next();
    else return;
    if (lx.tok !== Tok.MetaVar) throw p.unexpected('a metadata attachment');
    const kind = lx.str;
    lx.next();
    const ref = parseMdRef(p);
    if (kind === 'dbg') {
      p.dbgInsts.push(inst);
      p.dbgRefs.push(ref);
    }
  }
}

/**
 * Gives `value` its name (the next number when unnamed) and resolves forward references to it.
 * Numbered names must increase (LLVM 19 allows gaps).
 */
export function defineValue(p: ParseContext, fs: FunctionState, value: Instruction, name: string | undefined, numbered: boolean, pos: TextPos): void {
  if (name === undefined) name = String(fs.nextId++);
  else if (numbered) checkNumber(p, fs, name, pos, 'instruction');
  if (fs.values.has(name) || fs.blocks.has(name)) {
    const b = fs.blocks.get(name);
    if (b && fs.blockRefs.has(b)) throw p.failAt(pos, `'%${quoteName(name)}' defined with type '${typeToString(value.type)}' but expected 'label'`);
    throw p.failAt(pos, `redefinition of '%${quoteName(name)}'`);
  }
  const ph = fs.fwd.get(name);
  if (ph) {
    if (!typesEqual(ph.type, value.type))
      throw p.failAt(pos, `'%${quoteName(name)}' defined with type '${typeToString(value.type)}' but expected '${typeToString(ph.type)}'`);
    fs.fwd.delete(name);
    fs.resolved.set(ph, value as Value);
  }
  value.name = name;
  fs.values.set(name, value);
}

/** A numbered name `%N`: N must not be below the next free number. */
export function checkNumber(p: ParseContext, fs: FunctionState, name: string, pos: TextPos, what: string): void {
  const n = Number(name);
  if (n < fs.nextId) throw p.failAt(pos, `${what} expected to be numbered '%${fs.nextId}' or greater`);
  fs.nextId = n + 1;
}
