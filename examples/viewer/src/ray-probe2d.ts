/**
 * The ray cast scene's test: the ray from the first handle's centre to the second's, cast with
 * `raycast2d` over a `Playfield` of the scene's other shapes (the first hit, walking the grid's
 * cells along the ray), and what to draw for it. No DOM and no three.js.
 */
import { Playfield, RayHit2, raycast2d } from '@contactkit/collision2d';
import { shapeName2 } from './features.js';
import { formatNumber } from './format.js';
import { PROBE_COLORS } from './probes2d.js';
import type { Overlay, Probe } from './probes2d.js';
import type { ProbeInput, Scene2 } from './scenes2d.js';

/** The shapes before this index are the ray's two handles; the rest are cast against. */
export const RAY_TARGETS_FROM = 2;
/** Length of the drawn normal, world units. */
const NORMAL_LENGTH = 0.45;

/** The ray of the scene: origin, direction (end - origin, not unit) and length. */
export function sceneRay(
  scene: Scene2,
): { origin: number[]; direction: number[]; length: number; } {
  const a = scene.shapes[0]!.transform, b = scene.shapes[1]!.transform;
  const direction = [b.x - a.x, b.y - a.y];
  return { origin: [a.x, a.y], direction, length: Math.hypot(direction[0]!, direction[1]!) };
}

/** A playfield of the scene's targets, ids in scene order from `RAY_TARGETS_FROM`. */
function targetPlayfield(scene: Scene2): Playfield {
  const playfield = new Playfield({ cellSize: 1 });
  for (let i = RAY_TARGETS_FROM; i < scene.shapes.length; i++) {
    playfield.add(scene.shapes[i]!, true);
  }
  return playfield;
}

/**
 * The first hit of the ray over the targets: `values` holds `hit`, and when it hits `point`,
 * `normal`, `distance`, `shape` (the scene index of the shape hit) and `featureId`.
 */
export function probeRaycast(scene: Scene2, _input: ProbeInput): Probe {
  const { origin, direction, length } = sceneRay(scene);
  const end: [number, number] = [origin[0]! + direction[0]!, origin[1]! + direction[1]!];
  const start: [number, number] = [origin[0]!, origin[1]!];
  const hit = new RayHit2();
  // Both handles on one point give no direction to cast along (raycast2d refuses a zero one).
  const found = length > 0 && raycast2d(targetPlayfield(scene), origin, direction, length, hit);
  if (!found) {
    return {
      caption: 'The ray reaches its end without meeting a shape.',
      overlays: [{ type: 'line', from: start, to: end, color: PROBE_COLORS.no, width: 0.025 }],
      values: { hit: false },
    };
  }
  const point: [number, number] = [hit.point[0]!, hit.point[1]!];
  const tip: [number, number] = [
    point[0] + NORMAL_LENGTH * hit.normal[0]!,
    point[1] + NORMAL_LENGTH * hit.normal[1]!,
  ];
  const shape = hit.shape + RAY_TARGETS_FROM;
  const overlays: Overlay[] = [
    { type: 'line', from: start, to: point, color: PROBE_COLORS.yes, width: 0.025 },
    { type: 'line', from: point, to: end, color: PROBE_COLORS.neutral, dashed: true },
    { type: 'line', from: point, to: tip, color: PROBE_COLORS.first, width: 0.03 },
    { type: 'point', at: point, color: PROBE_COLORS.yes, radius: 0.07 },
    {
      type: 'text',
      at: tip,
      text: `n = (${f(hit.normal[0]!)}, ${f(hit.normal[1]!)})`,
      color: PROBE_COLORS.first,
    },
    {
      type: 'text',
      at: [(start[0] + point[0]) / 2, (start[1] + point[1]) / 2],
      text: `d = ${f(hit.distance)}`,
      color: PROBE_COLORS.yes,
    },
  ];
  return {
    caption:
      `First hit at distance ${f(hit.distance)} of ${f(length)}: ${
        shapeName2(scene.shapes, shape)
      }, ` +
      `normal (${f(hit.normal[0]!)}, ${f(hit.normal[1]!)}).`,
    overlays,
    values: {
      hit: true,
      point: Array.from(hit.point),
      normal: Array.from(hit.normal),
      distance: hit.distance,
      shape,
      featureId: hit.featureId,
    },
  };
}

/** The library call the time readout repeats: the cast over a playfield built once. */
export function timeRaycast(scene: Scene2, _input: ProbeInput): () => unknown {
  const playfield = targetPlayfield(scene);
  const { origin, direction, length } = sceneRay(scene);
  const hit = new RayHit2();
  return () => length > 0 && raycast2d(playfield, origin, direction, length, hit);
}

const f = (value: number): string => formatNumber(value, 3);
