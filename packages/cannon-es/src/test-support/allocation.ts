/**
 * What `world.step` allocates, and how much of it is the adapter's own doing, from V8's sampling
 * heap profiler (`HeapProfiler.startSampling` through `node:inspector`, counting the objects a
 * collection has already freed as well): every sampled allocation comes with the JavaScript stack
 * that made it, so a step's bytes split into cannon-es's and the adapter's. Shared by the
 * allocation test, `scripts/step-time.ts --bytes` and the benchmark's bytes column
 * (benchmarks/src/cannon-steps.ts), so all three measure the same thing.
 *
 * Why not the growth of `process.memoryUsage().heapUsed` between two full collections: it needs
 * `--expose-gc` and a young generation large enough that no scavenge falls inside, it cannot say
 * who allocated, and on one scene it answered 62 KB a step or 25 KB depending on which 300 steps
 * (the stack settles after about 1,900). The profile gives the same totals where both apply
 * (measured on the stack: 62,387 and 62,156 bytes a step with cannon-es's narrowphase, 41,556 and
 * 40,872 with the adapter).
 *
 * A sampled allocation is the adapter's when the innermost frame of its stack that is either the
 * adapter's code (this package's sources or build, contacts3d, math) or one of cannon-es's own
 * entry points is the adapter's: `new Vec3()` written in the adapter is the adapter's, although
 * `Vec3` is cannon-es's code, while an equation cannon-es's `createContactEquation` allocates
 * when its pool runs dry is cannon-es's, as it is when cannon-es's own narrowphase asks for one.
 */
import { Session } from 'node:inspector';
import type { World } from 'cannon-es';

/** What the steps measured allocated, per step. */
export interface StepAllocation {
  /** Bytes of V8 heap a step allocated, by any code. */
  readonly total: number;
  /** Of those, the bytes the adapter's own code allocated (see the module comment). */
  readonly adapter: number;
  /** Contact equations a step made (`world.contacts`). */
  readonly equations: number;
  /**
   * What pushing those equations onto cannon-es's emptied list allocates (`pushGrowthBytes`):
   * the part of `adapter` that cannon-es's own narrowphase allocates as well.
   */
  readonly equationList: number;
}

/**
 * cannon-es functions that are cannon-es's side of the boundary: the narrowphase's equation
 * factories the adapter calls, and the functions that call the adapter's pair entries.
 */
const CANNON_ENTRY_POINTS = new Set([
  'createContactEquation',
  'createFrictionEquationsFromContact',
  'createFrictionFromAverage',
  'getContacts',
  'internalStep',
]);

/** The adapter's code: this package's sources or build (not its test support) and contactkit's. */
const ADAPTER_CODE = new RegExp(
  String.raw`/packages/(?:cannon-es/(?:src/(?!test-support/)|dist/)|contacts3d/|math/)` +
    String.raw`|/@contactkit/(?:cannon-es|contacts3d|math)/`,
);

/** cannon-es's build. */
const CANNON_CODE = /\/cannon-es\/dist\/cannon-es\./;

/** One node of the profile (inspector's `HeapProfiler.SamplingHeapProfileNode`). */
interface ProfileNode {
  callFrame: { functionName: string; url: string; };
  selfSize: number;
  children: ProfileNode[];
}

/** The allocator of a frame: the adapter's code, cannon-es's side, or neither (inherits). */
function ownerOf(
  { functionName, url }: ProfileNode['callFrame'],
  adapterCode: RegExp,
): 'adapter' | 'cannon-es' | undefined {
  if (adapterCode.test(url)) return 'adapter';
  if (CANNON_CODE.test(url) && CANNON_ENTRY_POINTS.has(functionName)) return 'cannon-es';
  return undefined;
}

let session: Session | undefined;

/** Posts `method` to this thread's inspector; its in-process session answers synchronously. */
function post<T>(method: string, params: object = {}): T {
  if (session === undefined) {
    session = new Session();
    session.connect();
  }
  let answer: T | undefined, failure: Error | null = null;
  session.post(method, params, (error: Error | null, result?: object) => {
    failure = error;
    answer = result as T;
  });
  if (failure !== null) throw failure;
  if (answer === undefined) throw new Error(`inspector ${method} did not answer synchronously`);
  return answer;
}

/**
 * Steps `world` `steps` times at 1/60 s under the sampling heap profiler (an allocation sampled
 * every `interval` bytes on average) and returns what a step allocated. `adapterCode` says which
 * script URLs are the adapter's (the default: this package and contactkit).
 */
export function stepAllocation(
  world: World,
  steps: number,
  { interval = 256, adapterCode = ADAPTER_CODE }: { interval?: number; adapterCode?: RegExp; } = {},
): StepAllocation {
  post('HeapProfiler.enable');
  let equations = 0, equationList = 0;
  post('HeapProfiler.startSampling', {
    samplingInterval: interval,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < steps; i++) {
    world.step(1 / 60);
    equations += world.contacts.length;
    equationList += pushGrowthBytes(world.contacts.length);
  }
  const { profile } = post<{ profile: { head: ProfileNode; }; }>('HeapProfiler.stopSampling');
  let total = 0, adapter = 0;
  // Only what `world.step` allocated: not the inspector's own answers to these calls.
  const walk = (
    node: ProfileNode,
    inStep: boolean,
    inherited: 'adapter' | 'cannon-es' | undefined,
  ): void => {
    const { functionName, url } = node.callFrame;
    const stepping = inStep || (functionName === 'step' && CANNON_CODE.test(url));
    const owner = ownerOf(node.callFrame, adapterCode) ?? inherited;
    if (stepping) {
      total += node.selfSize;
      if (owner === 'adapter') adapter += node.selfSize;
    }
    for (const child of node.children) walk(child, stepping, owner);
  };
  walk(profile.head, false, undefined);
  return {
    total: total / steps,
    adapter: adapter / steps,
    equations: equations / steps,
    equationList: equationList / steps,
  };
}

/**
 * What a step allocates in a world from `build` (a fresh world each call, the adapter installed
 * if it is to be measured), meant for a process of its own (V8 keeps type feedback per function,
 * so the scenes and narrowphases a process ran before change how much cannon-es's solver boxes;
 * see benchmarks/src/cannon-steps.ts). One world runs `warmUp` steps unmeasured, then each of
 * `rounds` worlds runs `warmUp` steps and is measured over the next `steps`; the answer is the
 * round of the median total. Why the median and not the least: cannon-es's solver is optimized
 * more than once, and whether V8 then inlines its small vector methods differs between
 * compilations (on the stack with the adapter, 17.8 KB a step in one process, 40 KB in another,
 * the difference `JacobianElement.multiplyVectors` boxing its result); the adapter's own bytes
 * stay the same.
 */
export function medianStepAllocation(
  build: () => World,
  { rounds = 3, warmUp = 300, steps = 300 }: { rounds?: number; warmUp?: number; steps?: number; } =
    {},
): StepAllocation {
  const warm = build();
  for (let i = 0; i < warmUp + steps; i++) warm.step(1 / 60);
  const measured: StepAllocation[] = [];
  for (let round = 0; round < rounds; round++) {
    const world = build();
    for (let i = 0; i < warmUp; i++) world.step(1 / 60);
    measured.push(stepAllocation(world, steps));
  }
  measured.sort((a, b) => a.total - b.total);
  return measured[measured.length >> 1]!;
}

/**
 * What the adapter may allocate beyond the equation list, per step, in the allocation tests:
 * 512 bytes and 4 bytes an equation, for the profiler's sampling (an allocation every 256 bytes
 * on average) and the odd allocation of code V8 is still optimizing. Measured in processes of
 * their own: 46 bytes a step on the stack, 65 on the planks, 327 on the pyramid, about 450 on
 * the capsule pile (99 equations). A `Vec3` made per contact (40 bytes), or an object of 32
 * bytes per pair, exceeds it on the pyramid; on the capsule pile, box-capsule's doubles boxed
 * across its calls (1,283 bytes a step beyond the list before they were kept in fields) did.
 */
export function allocationSlack(equations: number): number {
  return 512 + 4 * equations;
}

/**
 * Bytes V8 allocates to push `count` elements one by one onto an array that `length = 0` has
 * emptied (which drops its backing store): capacities grow as `old + old / 2 + 16` (V8's
 * `JSObject::NewElementsCapacity`), each a new FixedArray of a 16-byte header and 8 bytes an
 * element. cannon-es empties its equation lists so at every step, and whichever narrowphase
 * pushes the equations pays this.
 */
export function pushGrowthBytes(count: number): number {
  let bytes = 0;
  for (let capacity = 0; capacity < count;) {
    capacity += (capacity >> 1) + 16;
    bytes += 16 + 8 * capacity;
  }
  return bytes;
}
