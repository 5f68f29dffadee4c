/**
 * The catalogue of scenes: ids as the URL names them (`?scene=box-box-face`), grouped for the
 * menu, and what each scene computes, without a page. Pure: no DOM and no three.js.
 */
import { CollisionData } from '@contactkit/contacts3d';
import { CollisionData2 } from '@contactkit/collision2d';
import { SCENE3_IDS, collideScene3, createScene3, motionPose3 } from './scenes3d.js';
import type { Scene3Id } from './scenes3d.js';
import {
  SCENE2_IDS,
  collideScene2,
  createScene2,
  minimumTranslation,
  applyMotion2,
  scene2Title,
  segmentIntersections,
  startProbeInput,
} from './scenes2d.js';
import type { MinimumTranslation, ProbeInput, Scene2Id } from './scenes2d.js';
import { contactRecords } from './contact-records.js';
import type { ContactRecord } from './contact-records.js';

export type SceneId = Scene3Id | Scene2Id;

export interface SceneEntry {
  id: SceneId;
  dimension: 2 | 3;
  title: string;
}

/** Every scene, 3D first, in menu order. */
export const SCENES: readonly SceneEntry[] = [
  ...SCENE3_IDS.map((id) => ({ id, dimension: 3 as const, title: createScene3(id).title })),
  ...SCENE2_IDS.map((id) => ({ id, dimension: 2 as const, title: scene2Title(id) })),
];

/** The scene a bare URL opens. */
export const DEFAULT_SCENE: SceneId = 'box-box-face';

/** The catalogue entry of an id, or undefined for an unknown id. */
export function findScene(id: string | null): SceneEntry | undefined {
  return SCENES.find((entry) => entry.id === id);
}

export function isScene2(id: SceneId): id is Scene2Id {
  return (SCENE2_IDS as readonly string[]).includes(id);
}

/** Settings of the CollisionData a scene is computed with (the panel's inputs). */
export interface SceneSettings {
  tolerance: number;
  maxContactsPerPair: number;
}

/** The panel's starting settings: those of a fresh CollisionData. */
export const DEFAULT_SETTINGS: SceneSettings = { tolerance: 0, maxContactsPerPair: 8 };

/** Everything a scene computes in one frame. */
export interface SceneResult {
  contacts: ContactRecord[];
  /** Scenes that draw the minimum translation (polygons-convex), else null. */
  minimumTranslation: MinimumTranslation | null;
  /** Scenes that mark segment intersections (segments), else empty. */
  intersections: number[][];
  /** What the scene's boolean or parametric test returned (probe scenes), else null. */
  probe: Record<string, unknown> | null;
}

/**
 * What a scene computes at its starting pose, or at time `t` of its scripted motion: what the
 * page shows for the same scene and settings, computed without a page.
 */
export function sceneResult(
  id: SceneId,
  settings: SceneSettings = DEFAULT_SETTINGS,
  t: number | null = null,
  input: ProbeInput | null = null,
): SceneResult {
  if (isScene2(id)) {
    const scene = createScene2(id);
    const data = new CollisionData2({
      capacity: 64,
      tolerance: settings.tolerance,
      maxContactsPerPair: settings.maxContactsPerPair,
    });
    if (t !== null) {
      applyMotion2(scene, t);
    }
    collideScene2(scene, data);
    const probe = scene.probe ? scene.probe(scene, input ?? startProbeInput(scene)).values : null;
    return {
      contacts: contactRecords(data),
      minimumTranslation: minimumTranslation(scene),
      intersections: segmentIntersections(scene),
      probe,
    };
  }
  const scene = createScene3(id);
  const data = new CollisionData({
    capacity: 64,
    tolerance: settings.tolerance,
    maxContactsPerPair: settings.maxContactsPerPair,
  });
  if (t !== null) {
    const pose = motionPose3(scene, t);
    scene.first.setPose(pose.position, pose.quaternion);
  }
  collideScene3(scene, data);
  return {
    contacts: contactRecords(data),
    minimumTranslation: null,
    intersections: [],
    probe: null,
  };
}

/** The contacts of `sceneResult`. */
export function sceneContacts(
  id: SceneId,
  settings: SceneSettings = DEFAULT_SETTINGS,
  t: number | null = null,
): ContactRecord[] {
  return sceneResult(id, settings, t).contacts;
}
