// Execution traces (issue 9 item 2): record one path's instruction instances, memory def-use by concrete
// address and each branch instance's own constraint; derive dynamic data / control / potential
// dependences and backward dynamic and relevant slices from them.

export { INITIAL, Trace } from './model.js';
export type { Activation, ConstraintKind, DynamicId, MemAccess, ObjectInfo, OperandDef, OperandKind, OutputEvent, TraceConstraint, TraceEnd } from './model.js';
export { negation, recordingEnvironment, terminatorTargets, TraceRecorder, type RecorderOptions } from './recorder.js';
export { ObservedMemory, type MemoryObserver } from './observed-memory.js';
export { staticDepsOf, type StaticDeps, type StaticDir, type StaticPotential } from './static-info.js';
export { dynamicDependences, DynamicDependences, type DepKind, type DynDep } from './dynamic-deps.js';
export { backwardSlice, DATA_KINDS, DynamicSlice, instancesAtLine, relevantSlice, relevantSliceCondition, RELEVANT_KINDS, SLICE_KINDS } from './slice.js';
