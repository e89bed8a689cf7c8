// The module model back to textual IR (LLVM 19 syntax, opaque pointers). Metadata is not kept by the
// model, so `!dbg` and debug records are not printed; everything the engine reads is. Used for debug
// dumps and by the round-trip tests, which feed the output to llvm-as-19: a module that prints to
// valid IR and reparses to the same text has lost nothing on the way in.

import type { BasicBlock, Func, GlobalVariable, Instruction, Module, Alias } from './model.js';
import { InstFlag } from './model.js';
import { quoteName } from './parse-context.js';
import { flagWords, llvmString, operandText, printConstant, typedOperand } from './print-value.js';
import { typeToString, type StructType } from './types.js';

export function printModule(m: Module): string {
  const out: string[] = [];
  if (m.sourceFileName !== undefined) out.push(`source_filename = ${llvmString(m.sourceFileName)}`);
  if (m.dataLayout) out.push(`target datalayout = ${llvmString(m.dataLayout)}`);
  if (m.triple) out.push(`target triple = ${llvmString(m.triple)}`);
  for (const a of m.moduleAsm) out.push(`module asm ${llvmString(a)}`);
  out.push('');
  for (const s of m.types.values()) out.push(printStructDef(s));
  out.push('');
  for (const g of m.globals) out.push(printGlobal(g));
  for (const a of m.aliases) out.push(printAlias(a));
  for (const f of m.functions) out.push('', printFunction(f));
  return out.join('\n') + '\n';
}

function printStructDef(s: StructType): string {
  const body = s.opaque ? 'opaque' : s.packed ? `<{ ${s.fields.map(typeToString).join(', ')} }>` : `{ ${s.fields.map(typeToString).join(', ')} }`;
  return `%${quoteName(s.name!)} = type ${body}`;
}

/** Keywords of `attrs` that LLVM writes before the `global`/`define` keyword's type, and after. */
const SUFFIX = /^(unnamed_addr|local_unnamed_addr|section |partition |comdat|gc |prefix |prologue |personality |align |addrspace\()/;

function printGlobal(g: GlobalVariable): string {
  const pre = g.attrs.filter((a) => !/^(section |partition |comdat|code_model |no_sanitize|sanitize_)/.test(a) && !a.startsWith('"'));
  const post = g.attrs.filter((a) => /^(partition |comdat|code_model |no_sanitize|sanitize_)/.test(a));
  const words = [g.linkage, ...pre].filter(Boolean).join(' ');
  let s = `@${quoteName(g.name)} = ${words ? words + ' ' : ''}${g.isConstant ? 'constant' : 'global'} ${typeToString(g.valueType)}`;
  if (g.initializer) s += ` ${printConstant(g.initializer)}`;
  if (g.section !== undefined) s += `, section ${llvmString(g.section)}`;
  for (const a of post) s += `, ${a}`;
  if (g.align !== undefined) s += `, align ${g.align}`;
  return s;
}

function printAlias(a: Alias): string {
  const ifunc = a.attrs.includes('ifunc');
  const words = [a.linkage, ...a.attrs.filter((x) => x !== 'ifunc')].filter(Boolean).join(' ');
  return `@${quoteName(a.name)} = ${words ? words + ' ' : ''}${ifunc ? 'ifunc' : 'alias'} ${typeToString(a.valueType)}, ${typedOperand(a.aliasee)}`;
}

/** An attribute from a group written inline: `alignstack=16` becomes `alignstack(16)`. */
function inlineAttr(a: string): string {
  const m = /^([a-z_]+)=(\d+)$/.exec(a);
  return m ? `${m[1]}(${m[2]})` : a;
}

export function printFunction(f: Func): string {
  const pre = f.attrs.filter((a) => !SUFFIX.test(a));
  const post = f.attrs.filter((a) => SUFFIX.test(a));
  const unnamed = post.filter((a) => a.endsWith('unnamed_addr'));
  const rest = post.filter((a) => !a.endsWith('unnamed_addr'));
  const head = [f.isDeclaration ? 'declare' : 'define', f.linkage, ...pre, ...f.retAttrs, typeToString(f.fnType.ret)].filter(Boolean).join(' ');
  const params = f.params.map((p) => {
    const name = !f.isDeclaration || p.name ? ` %${quoteName(p.name)}` : '';
    return [typeToString(p.type), ...p.attrs].join(' ') + name;
  });
  if (f.fnType.varArgs) params.push('...');
  const tail = [...unnamed, ...f.fnAttrs.map(inlineAttr), ...rest].join(' ');
  const sig = `${head} @${quoteName(f.name)}(${params.join(', ')})${tail ? ' ' + tail : ''}`;
  if (f.isDeclaration) return sig;
  return `${sig} {\n${f.blocks.map(printBlock).join('\n')}}`;
}

function printBlock(b: BasicBlock): string {
  return `${quoteName(b.name)}:\n${b.instructions.map((i) => `  ${printInstruction(i)}\n`).join('')}`;
}

export function printInstruction(i: Instruction): string {
  const lhs = i.type.kind === 'void' ? '' : `%${quoteName(i.name)} = `;
  return lhs + instructionBody(i);
}

const align = (i: Instruction) => (i.align !== undefined ? `, align ${i.align}` : '');
const vol = (i: Instruction) => (i.flags & InstFlag.Volatile ? ' volatile' : '');
const label = (b: unknown) => `label %${quoteName((b as BasicBlock).name)}`;

function instructionBody(i: Instruction): string {
  const ops = i.operands;
  const T = typeToString;
  switch (i.op) {
    case 'fneg':
      return `fneg ${typedOperand(ops[0]!)}`;
    case 'icmp':
      return `icmp${i.flags & InstFlag.SameSign ? ' samesign' : ''} ${i.predicate} ${typedOperand(ops[0]!)}, ${operandText(ops[1]!)}`;
    case 'fcmp':
      return `fcmp ${i.predicate} ${typedOperand(ops[0]!)}, ${operandText(ops[1]!)}`;
    case 'trunc': case 'zext': case 'sext': case 'fptrunc': case 'fpext': case 'fptoui': case 'fptosi':
    case 'uitofp': case 'sitofp': case 'ptrtoint': case 'inttoptr': case 'bitcast': case 'addrspacecast': {
      const nneg = i.flags & InstFlag.NNeg ? ' nneg' : '';
      return `${i.op}${flagWords(i.flags & 3)}${nneg} ${typedOperand(ops[0]!)} to ${T(i.type)}`;
    }
    case 'select':
      return `select ${ops.map(typedOperand).join(', ')}`;
    case 'alloca': {
      const as = i.type.kind === 'ptr' && i.type.addrSpace ? `, addrspace(${i.type.addrSpace})` : '';
      return `alloca ${T(i.allocatedType!)}, ${typedOperand(ops[0]!)}${align(i)}${as}`;
    }
    case 'load': {
      const atomic = i.ordering ? ' atomic' : '';
      return `load${atomic}${vol(i)} ${T(i.type)}, ${typedOperand(ops[0]!)}${i.ordering ? ' ' + i.ordering : ''}${align(i)}`;
    }
    case 'store': {
      const atomic = i.ordering ? ' atomic' : '';
      return `store${atomic}${vol(i)} ${typedOperand(ops[0]!)}, ${typedOperand(ops[1]!)}${i.ordering ? ' ' + i.ordering : ''}${align(i)}`;
    }
    case 'getelementptr': {
      const inb = i.flags & InstFlag.InBounds ? ' inbounds' : '';
      const nuw = i.flags & InstFlag.NUW ? ' nuw' : '';
      return `getelementptr${inb}${nuw} ${T(i.sourceElemType!)}, ${ops.map(typedOperand).join(', ')}`;
    }
    case 'phi':
      return `phi ${T(i.type)} ${ops.map((v, k) => `[ ${operandText(v)}, %${quoteName(i.incomingBlocks![k]!.name)} ]`).join(', ')}`;
    case 'br':
      return ops.length === 1 ? `br ${label(ops[0])}` : `br ${typedOperand(ops[0]!)}, ${label(ops[1])}, ${label(ops[2])}`;
    case 'switch': {
      const cases: string[] = [];
      for (let k = 2; k < ops.length; k += 2) cases.push(`    ${typedOperand(ops[k]!)}, ${label(ops[k + 1])}\n`);
      return `switch ${typedOperand(ops[0]!)}, ${label(ops[1])} [\n${cases.join('')}  ]`;
    }
    case 'indirectbr':
      return `indirectbr ${typedOperand(ops[0]!)}, [${ops.slice(1).map(label).join(', ')}]`;
    case 'ret':
      return ops.length ? `ret ${typedOperand(ops[0]!)}` : 'ret void';
    case 'unreachable':
      return 'unreachable';
    case 'resume':
      return `resume ${typedOperand(ops[0]!)}`;
    case 'call':
    case 'invoke':
      return callText(i);
    case 'landingpad':
      return `landingpad ${T(i.type)} ${i.clauses!.join(' ')}`;
    case 'extractvalue':
      return `extractvalue ${typedOperand(ops[0]!)}, ${i.indices!.join(', ')}`;
    case 'insertvalue':
      return `insertvalue ${typedOperand(ops[0]!)}, ${typedOperand(ops[1]!)}, ${i.indices!.join(', ')}`;
    case 'extractelement':
    case 'insertelement':
      return `${i.op} ${ops.map(typedOperand).join(', ')}`;
    case 'shufflevector': {
      const mask = i.mask!.map((l) => (l < 0 ? 'i32 poison' : `i32 ${l}`)).join(', ');
      return `shufflevector ${typedOperand(ops[0]!)}, ${typedOperand(ops[1]!)}, <${i.mask!.length} x i32> <${mask}>`;
    }
    case 'freeze':
      return `freeze ${typedOperand(ops[0]!)}`;
    case 'va_arg':
      return `va_arg ${typedOperand(ops[0]!)}, ${T(i.type)}`;
    case 'atomicrmw':
      return `atomicrmw${vol(i)} ${i.rmwOp} ${typedOperand(ops[0]!)}, ${typedOperand(ops[1]!)} ${i.ordering}${align(i)}`;
    case 'cmpxchg': {
      const weak = i.flags & InstFlag.Weak ? ' weak' : '';
      return `cmpxchg${weak}${vol(i)} ${ops.map(typedOperand).join(', ')} ${i.ordering} ${i.failureOrdering}${align(i)}`;
    }
    case 'fence':
      return `fence ${i.ordering}`;
    default:
      // binary operators
      return `${i.op}${flagWords(i.flags)} ${typedOperand(ops[0]!)}, ${operandText(ops[1]!)}`;
  }
}

const TAIL_KINDS = new Set(['tail', 'musttail', 'notail']);

function callText(i: Instruction): string {
  const ops = i.operands;
  const isInvoke = i.op === 'invoke';
  const args = ops.slice(1, isInvoke ? ops.length - 2 : ops.length);
  const attrs = i.callAttrs ?? [];
  const tail = attrs.find((a) => TAIL_KINDS.has(a));
  // Calling conventions come first after the tail kind; everything else is a function attribute.
  const cc = attrs.filter((a) => !TAIL_KINDS.has(a) && (/cc$/.test(a) || /^cc \d+$/.test(a)));
  const fnAttrs = attrs.filter((a) => !TAIL_KINDS.has(a) && !cc.includes(a)).map(inlineAttr);
  const ft = i.fnType!;
  const calleeType = ft.varArgs ? typeToString(ft) : typeToString(ft.ret);
  const argText = args.map((a, k) => [typeToString(a.type), ...(i.argAttrs?.[k] ?? [])].join(' ') + ' ' + operandText(a));
  let s = `${tail ? tail + ' ' : ''}${i.op} ${cc.length ? cc.join(' ') + ' ' : ''}${calleeType} ${operandText(ops[0]!)}(${argText.join(', ')})`;
  if (fnAttrs.length) s += ` ${fnAttrs.join(' ')}`;
  if (i.bundles?.length) s += ` [ ${i.bundles.map((b) => `${llvmString(b.tag)}(${b.inputs.map(typedOperand).join(', ')})`).join(', ')} ]`;
  if (isInvoke) s += ` to ${label(ops[ops.length - 2])} unwind ${label(ops[ops.length - 1])}`;
  return s;
}
