/**
 * Which product files one action executes, in the order each first ran, with V8's own view of
 * it (node:inspector, in this process): precise coverage (call counts, block detail) says what
 * ran; a conditional breakpoint on the first statement of every product function, whose
 * condition records the file and answers false (nothing ever pauses), says in which order.
 *
 * Domain-event listeners are told apart: a breakpoint in the bus's `emit` (platform/
 * domain-events.ts) wraps each subscribed listener, so code a listener runs, and the async work
 * it starts (async_hooks), counts as the listeners' and not the action's own.
 */
import { createHook, executionAsyncId } from 'node:async_hooks';
import { Session } from 'node:inspector';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';

interface Range {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface FunctionCoverage {
  functionName: string;
  ranges: Range[];
}
interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: FunctionCoverage[];
}
interface Location {
  scriptId: string;
  lineNumber: number;
  columnNumber?: number;
}

export interface Corridor {
  /** Product files the action itself executed, in the order each first ran. */
  files: string[];
  /** Product files only domain-event listeners executed, in the same order. */
  listeners: string[];
}

/** A product file: under electron/ or shared/ of the checkout (not server/, not node_modules). */
export type ProductFilter = (relativePath: string) => boolean;

const EMIT_FILE = 'electron/core/platform/domain-events.ts';
const HOOK = '__archPathTrace';

interface TraceHooks {
  hit(file: number): void;
  wrapListeners(listeners: Map<unknown, Set<(payload: unknown) => void>>): void;
}

/** Starts precise coverage now: call it before the product's modules are imported. */
export function openCorridorTrace(root: string, isProduct: ProductFilter) {
  const session = new Session();
  session.connect();
  // A same-thread session answers synchronously, before post returns.
  function post<T>(method: string, params: object = {}): T {
    let answer: { error: Error | null; result?: T } | undefined;
    session.post(method, params, (error, result) => {
      answer = { error, result: result as T };
    });
    if (!answer) throw new Error(`${method}: no synchronous answer`);
    if (answer.error) throw answer.error;
    return answer.result as T;
  }
  post('Profiler.enable');
  post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

  const productPath = (url: string): string | null => {
    if (!url.startsWith('file://')) return null;
    const path = relative(root, fileURLToPath(url)).split('\\').join('/');
    return isProduct(path) ? path : null;
  };
  const take = () => post<{ result: ScriptCoverage[] }>('Profiler.takePreciseCoverage').result;

  /** Runs `action` and tells which product files it, and the listeners it woke, executed. */
  async function measure(action: () => Promise<void>): Promise<Corridor> {
    const before = take().filter((script) => productPath(script.url) !== null);
    const paths = before.map((script) => productPath(script.url) as string);
    const order = { own: [] as number[], listener: [] as number[] };
    let listenerDepth = 0;
    const listenerAsync = new Set<number>();
    const inListener = () => listenerDepth > 0 || listenerAsync.has(executionAsyncId());
    // A file placed on the action's own path needs its breakpoints no more: removed at the next
    // async hop (not from inside a condition, which runs within the debugger), so that hot
    // functions stop paying for a condition.
    const breakpoints = new Map<number, string[]>();
    const placed: number[] = [];
    const removePlaced = () => {
      for (const file of placed.splice(0)) {
        for (const breakpointId of breakpoints.get(file) ?? [])
          post('Debugger.removeBreakpoint', { breakpointId });
        breakpoints.delete(file);
      }
    };
    const asyncHook = createHook({
      init(asyncId) {
        if (inListener()) listenerAsync.add(asyncId);
      },
      before() {
        if (placed.length > 0) removePlaced();
      },
    });
    const wrapped = new WeakSet<object>();
    let wraps = 0;
    const hooks: TraceHooks = {
      hit(file) {
        const list = inListener() ? order.listener : order.own;
        if (list.includes(file)) return;
        list.push(file);
        if (list === order.own) placed.push(file);
      },
      wrapListeners(listeners) {
        for (const set of listeners.values()) {
          const all = [...set];
          set.clear();
          for (const listener of all) {
            if (wrapped.has(listener)) {
              set.add(listener);
              continue;
            }
            const inner = (payload: unknown) => {
              listenerDepth += 1;
              try {
                listener(payload);
              } finally {
                listenerDepth -= 1;
              }
            };
            wrapped.add(inner);
            set.add(inner);
            wraps += 1;
          }
        }
      },
    };
    (globalThis as Record<string, unknown>)[HOOK] = hooks;

    post('Debugger.enable');
    let emitBreakpoint: string | null = null;
    before.forEach((script, file) => {
      const source = post<{ scriptSource: string }>('Debugger.getScriptSource', {
        scriptId: script.scriptId,
      }).scriptSource;
      const starts = functionStarts(post, script, source);
      for (const { fn, location } of starts) {
        const isEmit = paths[file] === EMIT_FILE && fn.functionName === 'emit';
        // `listeners` is the bus's closure: wrapped before emit copies it.
        const condition = isEmit
          ? `(globalThis.${HOOK}.wrapListeners(listeners), globalThis.${HOOK}.hit(${file}), false)`
          : `(globalThis.${HOOK}.hit(${file}), false)`;
        const { breakpointId } = post<{ breakpointId: string }>('Debugger.setBreakpoint', {
          location,
          condition,
        });
        if (isEmit) emitBreakpoint = breakpointId;
        else breakpoints.set(file, [...(breakpoints.get(file) ?? []), breakpointId]);
      }
    });
    if (emitBreakpoint === null) throw new Error(`no emit function found in ${EMIT_FILE}`);

    asyncHook.enable();
    try {
      await action();
    } finally {
      asyncHook.disable();
      placed.push(...breakpoints.keys());
      removePlaced();
      post('Debugger.removeBreakpoint', { breakpointId: emitBreakpoint });
      post('Debugger.disable');
      delete (globalThis as Record<string, unknown>)[HOOK];
    }
    const executed = new Set<string>();
    for (const script of take()) {
      const path = productPath(script.url);
      if (path && script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0)) executed.add(path);
    }
    if (order.listener.length > 0 && wraps === 0) throw new Error('listeners ran unwrapped');
    const own = order.own.map((file) => paths[file] as string).filter((p) => executed.has(p));
    const listenerOnly = order.listener
      .map((file) => paths[file] as string)
      .filter((p) => executed.has(p) && !own.includes(p));
    // A file coverage saw without a breakpoint hit (a module imported during the action) last.
    const unordered = [...executed].filter((p) => !own.includes(p) && !listenerOnly.includes(p));
    return { files: [...own, ...unordered.sort()], listeners: listenerOnly };
  }

  return {
    measure,
    close(): void {
      post('Profiler.stopPreciseCoverage');
      post('Profiler.disable');
      session.disconnect();
    },
  };
}

/**
 * The first breakable location of each function's own body (not a nested function's), from
 * V8's possible breakpoints for the script: the place every call of the function passes first.
 */
function functionStarts(
  post: <T>(method: string, params?: object) => T,
  script: ScriptCoverage,
  source: string,
): { fn: FunctionCoverage; location: Location }[] {
  const lineStarts = [0];
  for (let i = 0; i < source.length; i += 1) if (source[i] === '\n') lineStarts.push(i + 1);
  const offsetOf = (location: Location) =>
    (lineStarts[location.lineNumber] ?? 0) + (location.columnNumber ?? 0);
  const { locations } = post<{ locations: Location[] }>('Debugger.getPossibleBreakpoints', {
    start: { scriptId: script.scriptId, lineNumber: 0, columnNumber: 0 },
    end: { scriptId: script.scriptId, lineNumber: lineStarts.length, columnNumber: 0 },
  });
  // Functions but the module's own body (offset 0 to the end), narrowest last.
  const functions = script.functions
    .filter((fn) => (fn.ranges[0]?.startOffset ?? 0) > 0)
    .sort((a, b) => (a.ranges[0] as Range).startOffset - (b.ranges[0] as Range).startOffset);
  const found = new Map<FunctionCoverage, Location>();
  for (const location of locations) {
    const offset = offsetOf(location);
    let innermost: FunctionCoverage | undefined;
    for (const fn of functions) {
      const range = fn.ranges[0] as Range;
      if (range.startOffset > offset) break;
      if (offset < range.endOffset) innermost = fn;
    }
    if (innermost && !found.has(innermost)) found.set(innermost, location);
  }
  return [...found].map(([fn, location]) => ({ fn, location }));
}
