// Typechecked inside the scratch project against the installed tarballs, under the oldest
// supported TypeScript and the current one, with moduleResolution node16 and bundler, and with
// skipLibCheck off so every published .d.ts is checked too. Kept close to the READMEs' examples.
import { transformFromPose, transformPoint, mat4, vec3 } from '@contactkit/math';
import type { Mat4, Vec3 } from '@contactkit/math';
import { Box, CollisionData, HalfSpace, collide } from '@contactkit/contacts3d';
import { Circle, CollisionData2, Polygon, collide2d } from '@contactkit/collision2d';
import { ContactSetHelper, meshForPrimitive } from '@contactkit/three';
import {
  CAPSULE_TYPE,
  CapsuleShape,
  convexPolyhedronFromPoints,
  useContactkit,
  type CapsuleShapeOptions,
  type ContactkitHandle,
} from '@contactkit/cannon-es';
import { Body, type ConvexPolyhedron, World } from 'cannon-es';
import { Scene } from 'three';

const m: Mat4 = transformFromPose(mat4(), [1, 2, 3], [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
const p: Vec3 = transformPoint(vec3(), m, vec3(1, 0, 0));
const x: number = p[0]!;

const data = new CollisionData({ capacity: 16 });
const crate = new Box([0.5, 0.5, 0.5]).setPose([0, 0.45, 0], [0, 0, 0, 1]);
data.reset();
collide(crate, new HalfSpace([0, 1, 0], 0), data);
const normal: Float64Array = data.contacts[0]!.normal;
const depth: number = data.contacts[0]!.penetration;

const data2 = new CollisionData2({ capacity: 8 });
collide2d(
  new Circle(0.5).setPose([0, 1.4], 0),
  new Polygon([[-5, -1], [5, -1], [5, 1], [-5, 1]]),
  data2,
);
const point2: Float64Array = data2.contacts[0]!.point;

const scene = new Scene();
const helper = new ContactSetHelper({ labels: false }).update(data);
scene.add(helper, meshForPrimitive(crate));
helper.dispose();

const handle: ContactkitHandle = useContactkit(new World(), { maxContactsPerPair: 4 });
handle.dispose();
const disposed: boolean = handle.disposed;
const capsuleOptions: CapsuleShapeOptions = { collisionFilterGroup: 2 };
const capsule = new CapsuleShape(0.25, 0.5, capsuleOptions);
const capsuleType: number = CAPSULE_TYPE;
const corners = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]];
const tetrahedron: ConvexPolyhedron = convexPolyhedronFromPoints(corners);
const bodies = [new Body({ mass: 1, shape: capsule }), new Body({ mass: 1, shape: tetrahedron })];

export const results = [x, normal, depth, point2, disposed, capsuleType, bodies];
