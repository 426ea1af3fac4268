import { KERNEL_WASM_BASE64 } from './wasm.ts';

/**
 * The CDCL kernel (kernel/cdcl.ts, compiled to WebAssembly): propagation, conflict analysis,
 * backjumping and VSIDS over state in its own linear memory. Each solver instantiates it once;
 * `KernelViews` are JavaScript's typed-array windows on that state.
 */
export interface KernelExports {
  readonly memory: { readonly buffer: ArrayBuffer };
  header(): number;
  init(vsids: number): void;
  growTo(numVars: number): void;
  reserveLevels(levels: number): void;
  reserveArena(slots: number): void;
  allocClause(size: number, learnt: number, lbd: number): number;
  attachAll(count: number): void;
  detachAll(): void;
  enqueue(lit: number, from: number): void;
  backtrack(target: number): void;
  propagate(): number;
  bumpClause(cr: number): void;
  decayActivities(): void;
  pickBranch(): number;
  learn(conflict: number): number;
  newDecisionLevel(): void;
  restartDue(): number;
  restarted(): void;
  run(conflictsLeft: number, reduceIn: number, ticks: number, proof: number): number;
  reserveAssumptions(count: number): void;
  nextAssumption(): number;
  assume(count: number): void;
  reserveInput(length: number): void;
  addClause(length: number): number;
  addClauses(from: number, end: number): number;
  firstFalsified(count: number): number;
  alloc(bytes: number): number;
  scan(start: number, bytes: number): number;
  xorGroups(records: number, slots: number, tables: number, size: number, maxSize: number): number;
}

/**
 * Slots of the kernel's header (an Int32Array over it; `F64Slot` ones index a Float64Array
 * over it). The kernel exports the same numbers as globals (H_*, F_*): kernel.test.ts holds
 * the two to each other.
 */
export const Slot = {
  trailSize: 0,
  qhead: 1,
  levels: 2,
  numVars: 3,
  varCap: 4,
  levelCap: 5,
  arenaTop: 6,
  arenaCap: 7,
  gen: 8,
  vsids: 9,
  lbd: 10,
  backjump: 11,
  vals: 12,
  level: 13,
  reason: 14,
  trail: 15,
  trailLim: 16,
  arena: 17,
  learnt: 18,
  input: 19,
  inputCap: 20,
  kept: 21,
  stored: 22,
  scanRecords: 23,
  scanSlots: 24,
  scanVars: 25,
  scanClauses: 26,
  learntSize: 40,
  runConflicts: 41,
  runDecisions: 42,
  runRestarts: 43,
  runLearned: 44,
  runTicks: 45,
  runFresh: 46,
  runLearnts: 47,
  runCapacity: 48,
  proofLog: 49,
  proofUsed: 50,
  proofCap: 51,
  assumed: 52,
  assumedCount: 53,
  assumedCap: 54,
  runFailed: 55,
} as const;
export const F64Slot = { propagations: 16, varInc: 17 } as const;
/** The kernel's `run` answers (its RUN_* globals; kernel/search.ts). */
export const Run = {
  sat: 0,
  unsat: 1,
  conflicts: 2,
  reduce: 3,
  ticks: 4,
  assumptionFalse: 5,
} as const;
/** The kernel's `addClause` answers other than a clause reference (its ADD_* globals). */
export const AddClause = { satisfied: -1, empty: -2, unit: -3, invalid: -4 } as const;
/** Int32 slots of the header JavaScript reads (the kernel reserves 256 bytes). */
const HEADER_SLOTS = 64;

/**
 * The WebAssembly API as used here, typed locally: the engine's TypeScript libraries (ES2023,
 * no DOM) do not declare it, while every runtime the engine runs on (Node, browsers, workers)
 * has it.
 */
interface WasmApi {
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule, imports: object) => { readonly exports: WasmExports };
}
type WasmModule = object;
type WasmExports = Record<string, unknown>;
const wasm = (globalThis as unknown as { readonly WebAssembly: WasmApi }).WebAssembly;

let compiled: WasmModule | undefined;

/**
 * Native base64 decoders where the platform has one — Node's `Buffer` (a global, so nothing is
 * imported: the engine stays free of Node APIs), `Uint8Array.fromBase64` in recent browsers —
 * which decode the kernel in ~0.1 ms; `atob` and a loop over its characters, cold, ~0.6 ms.
 */
interface NativeBase64 {
  readonly Buffer?: { from(text: string, encoding: 'base64'): Uint8Array };
  readonly Uint8Array: { fromBase64?(text: string): Uint8Array };
}
const native = globalThis as unknown as NativeBase64;

function decodeBase64(text: string): Uint8Array {
  if (native.Uint8Array.fromBase64 !== undefined) return native.Uint8Array.fromBase64(text);
  if (native.Buffer !== undefined) return native.Buffer.from(text, 'base64');
  const chars = atob(text);
  const bytes = new Uint8Array(chars.length);
  for (let i = 0; i < chars.length; i++) bytes[i] = chars.charCodeAt(i);
  return bytes;
}

/**
 * The compiled kernel, once per process: about a millisecond (V8's Liftoff compiles it, and
 * TurboFan again in the background once a function runs hot).
 */
function kernelModule(): WasmModule {
  compiled ??= new wasm.Module(decodeBase64(KERNEL_WASM_BASE64));
  return compiled;
}

/** A fresh kernel instance with its own memory, initialised for VSIDS or not. */
export function newKernel(vsids: boolean): KernelExports {
  const exports = new wasm.Instance(kernelModule(), {}).exports as unknown as KernelExports;
  exports.init(vsids ? 1 : 0);
  return exports;
}

/**
 * Typed-array views of a kernel's state. A view dies when the memory grows (its buffer is
 * detached) or its block moves: `stale` says when to build them anew.
 */
export class KernelViews {
  /** The header's generation when these views were made. */
  readonly gen: number;
  readonly regs: Int32Array;
  readonly regsF64: Float64Array;
  readonly vals: Int8Array;
  readonly level: Int32Array;
  readonly reason: Int32Array;
  readonly trail: Int32Array;
  readonly trailLim: Int32Array;
  readonly mem: Int32Array;
  readonly learnt: Int32Array;
  /** Where a clause is written for the kernel's `addClause`. */
  readonly input: Int32Array;
  /** The references of the clauses the last `run` learned (its H_RUN_FRESH first ones). */
  readonly runLearnts: Int32Array;

  constructor(kernel: KernelExports) {
    const buffer = kernel.memory.buffer;
    const header = kernel.header();
    const regs = new Int32Array(buffer, header, HEADER_SLOTS);
    const vars = regs[Slot.varCap]!;
    this.gen = regs[Slot.gen]!;
    this.regs = regs;
    this.regsF64 = new Float64Array(buffer, header, HEADER_SLOTS / 2);
    this.vals = new Int8Array(buffer, regs[Slot.vals]!, 2 * vars);
    this.level = new Int32Array(buffer, regs[Slot.level]!, vars);
    this.reason = new Int32Array(buffer, regs[Slot.reason]!, vars);
    this.trail = new Int32Array(buffer, regs[Slot.trail]!, vars);
    this.trailLim = new Int32Array(buffer, regs[Slot.trailLim]!, regs[Slot.levelCap]!);
    this.mem = new Int32Array(buffer, regs[Slot.arena]!, regs[Slot.arenaCap]!);
    this.learnt = new Int32Array(buffer, regs[Slot.learnt]!, vars + 1);
    this.input = new Int32Array(buffer, regs[Slot.input]!, regs[Slot.inputCap]!);
    this.runLearnts = new Int32Array(buffer, regs[Slot.runLearnts]!, regs[Slot.runCapacity]!);
  }

  /**
   * True when the kernel's memory grew (every view of the old buffer reads as empty, so the
   * generation reads as undefined) or one of these views' blocks moved since.
   */
  stale(): boolean {
    return this.regs[Slot.gen] !== this.gen;
  }
}

/** A formula as `scanDimacs` read it: V, and its clauses as records (cnf/records.ts). */
export interface ScannedDimacs {
  readonly numVars: number;
  readonly count: number;
  readonly records: Int32Array;
}

/**
 * Scans DIMACS text with the kernel's fast path (kernel/scan.ts), in an instance of its own:
 * the formula, or undefined when the file is not one the fast path reads (the JavaScript
 * parser then reads it, and says what is wrong and where).
 */
export function scanDimacs(bytes: Uint8Array): ScannedDimacs | undefined {
  const kernel = newKernel(false);
  const text = kernel.alloc(bytes.length);
  new Uint8Array(kernel.memory.buffer, text, bytes.length).set(bytes);
  if (kernel.scan(text, bytes.length) !== 1) return undefined;
  const regs = new Int32Array(kernel.memory.buffer, kernel.header(), HEADER_SLOTS);
  const at = regs[Slot.scanRecords]!;
  const records = new Int32Array(kernel.memory.buffer, at, regs[Slot.scanSlots]!).slice();
  return { numVars: regs[Slot.scanVars]!, count: regs[Slot.scanClauses]!, records };
}

/**
 * The kernel's XOR first look (kernel/first-look.ts) over clause records, in an instance of its
 * own, with tables of `size` slots (a power of two): how many XORs of 3 or more variables it
 * sees in their direct encoding.
 */
export function xorGroupsOf(
  segments: readonly Int32Array[],
  size: number,
  maxSize: number,
): number {
  const kernel = newKernel(false);
  let slots = 0;
  for (const segment of segments) slots += segment.length;
  const records = kernel.alloc(4 * slots);
  const tables = kernel.alloc(4 * 5 * size);
  const memory = new Int32Array(kernel.memory.buffer);
  let at = records >> 2;
  for (const segment of segments) {
    memory.set(segment, at);
    at += segment.length;
  }
  return kernel.xorGroups(records, slots, tables, size, maxSize);
}
