// Runs inside the scratch project, where the packed tarballs are installed: imports each package
// named on the command line as a user's Node program would and makes a real call whose result is
// worked out by hand. A package without an entry below is imported and reported, not called.
import assert from 'node:assert/strict';

const calls = {
  async '@contactkit/math'(math) {
    // A quarter turn about +z (quaternion [0, 0, sin 45°, cos 45°]) then a move by (1, 2, 3):
    // (1, 0, 0) turns to (0, 1, 0) and lands on (1, 3, 3).
    const m = math.transformFromPose(math.mat4(), [1, 2, 3], [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    const p = math.transformPoint(math.vec3(), m, math.vec3(1, 0, 0));
    assertClose(Array.from(p), [1, 3, 3]);
  },
  async '@contactkit/contacts3d'(c3) {
    // A unit crate whose bottom face sinks 0.05 into the floor: its four bottom corners touch,
    // each 0.05 deep, the normal from the floor toward the crate.
    const data = new c3.CollisionData({ capacity: 16 });
    const crate = new c3.Box([0.5, 0.5, 0.5]).setPose([0, 0.45, 0], [0, 0, 0, 1]);
    data.reset();
    c3.collide(crate, new c3.HalfSpace([0, 1, 0], 0), data);
    assert.equal(data.contactCount, 4);
    for (let i = 0; i < 4; i++) {
      const contact = data.contacts[i];
      assertClose([contact.penetration], [0.05]);
      assertClose(Array.from(contact.normal), [0, 1, 0]);
    }
  },
  async '@contactkit/collision2d'(c2) {
    // A ball of radius 0.5 at height 1.4 over a slab whose top is at y = 1: 0.1 deep, one
    // contact at the midpoint between the two surfaces, y = (0.9 + 1) / 2.
    const data = new c2.CollisionData2({ capacity: 8 });
    const ball = new c2.Circle(0.5).setPose([0, 1.4], 0);
    const ground = new c2.Polygon([[-5, -1], [5, -1], [5, 1], [-5, 1]]).setPose([0, 0], 0);
    data.reset();
    c2.collide2d(ball, ground, data);
    assert.equal(data.contactCount, 1);
    assertClose(Array.from(data.contacts[0].point), [0, 0.95]);
    assertClose(Array.from(data.contacts[0].normal), [0, 1]);
    assertClose([data.contacts[0].penetration], [0.1]);
  },
  async '@contactkit/motion2d'(m2) {
    // A ball of radius 0.5 thrown level at 1 m/s from 2.5 m over a flat floor: it lands when its
    // centre has fallen 2 m, t1 = sqrt(2 * 2 / g), and leaves with half its normal speed g t1
    // (restitution 0.5), the level speed unchanged; at t = 0.7 s it is on the way up again.
    const g = 9.81;
    const ball = new m2.ContourBall([[-10, 0], [10, 0]], {
      radius: 0.5,
      gravity: g,
      restitution: 0.5,
    });
    ball.launch([0, 2.5], [1, 0]);
    ball.advance(0.5);
    assertClose(Array.from(ball.position), [0.5, 2.5 - 0.5 * g * 0.25], 1e-9);
    ball.advance(0.2);
    const t1 = Math.sqrt((2 * 2) / g), up = 0.5 * g * t1, after = 0.7 - t1;
    assertClose(Array.from(ball.position), [0.7, 0.5 + up * after - 0.5 * g * after * after], 1e-9);
    assertClose(Array.from(ball.velocity), [1, up - g * after], 1e-9);
  },
  async '@contactkit/cannon-es'(adapter) {
    // Runs with the lowest cannon-es of the peer range (installed by main.mjs): a unit crate sunk
    // 0.05 into a floor turned to face +y gives four contact equations from contactkit, each with
    // the gap (xj + rj - xi - ri) . ni = -0.05 and ni pointing up from the floor (body i) into
    // the crate; dispose() takes every own narrowphase property away again.
    const CANNON = await import('cannon-es');
    const world = new CANNON.World();
    const floor = new CANNON.Body({ mass: 0, shape: new CANNON.Plane() });
    floor.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
    const crate = new CANNON.Body({
      mass: 1,
      shape: new CANNON.Box(new CANNON.Vec3(0.5, 0.5, 0.5)),
      position: new CANNON.Vec3(0, 0.45, 0),
    });
    world.addBody(floor);
    world.addBody(crate);
    const before = Object.getOwnPropertyNames(world.narrowphase);
    const handle = adapter.useContactkit(world);
    const contacts = [];
    world.narrowphase.getContacts([floor], [crate], world, contacts, [], [], []);
    assert.equal(contacts.length, 4);
    for (const c of contacts) {
      const gap = c.bj.position.vadd(c.rj).vsub(c.bi.position).vsub(c.ri).dot(c.ni);
      assertClose([gap], [-0.05]);
      assertClose(c.ni.toArray(), [0, 1, 0]);
      assert.equal(c.bi, floor);
    }
    // A capsule (radius 0.5, half length 1) lying along x, 0.1 into the floor: both ends of its
    // segment; and a cube as a ConvexPolyhedron from its corners, 0.05 in: its four bottom corners.
    const capsule = new CANNON.Body({
      mass: 1,
      shape: new adapter.CapsuleShape(0.5, 1),
      position: new CANNON.Vec3(5, 0.4, 0),
    });
    capsule.quaternion.setFromEuler(0, 0, Math.PI / 2);
    const corners = [-0.5, 0.5].flatMap((x) =>
      [-0.5, 0.5].flatMap((y) => [-0.5, 0.5].map((z) => [x, y, z]))
    );
    const hull = new CANNON.Body({
      mass: 1,
      shape: adapter.convexPolyhedronFromPoints(corners),
      position: new CANNON.Vec3(-5, 0.45, 0),
    });
    for (const [body, count, depth] of [[capsule, 2, 0.1], [hull, 4, 0.05]]) {
      const equations = [];
      world.narrowphase.getContacts([floor], [body], world, equations, [], [], []);
      assert.equal(equations.length, count);
      for (const c of equations) {
        const gap = c.bj.position.vadd(c.rj).vsub(c.bi.position).vsub(c.ri).dot(c.ni);
        assertClose([gap], [-depth]);
      }
    }
    handle.dispose();
    assert.deepEqual(Object.getOwnPropertyNames(world.narrowphase), before);
  },
  async '@contactkit/three'(three3) {
    // Runs with the lowest three of the peer range (installed by main.mjs): draws the crate's
    // four contacts with labels and witnesses, places the labels, disposes (which must work
    // before three r186 too); the same for a 2D contact set and a 2D shape's mesh.
    const c3 = await import('@contactkit/contacts3d');
    const c2 = await import('@contactkit/collision2d');
    const { Object3D, PerspectiveCamera } = await import('three');
    const data = new c3.CollisionData({ capacity: 16 });
    data.reset();
    c3.collide(
      new c3.Box([0.5, 0.5, 0.5]).setPose([0, 0.45, 0], [0, 0, 0, 1]),
      new c3.HalfSpace([0, 1, 0], 0),
      data,
    );
    const createCanvas = () => ({ width: 0, height: 0, getContext: () => null });
    const helper = new three3.ContactSetHelper({ labels: true, witnesses: true, createCanvas })
      .update(data);
    assert.ok(helper instanceof Object3D, 'ContactSetHelper extends the installed three Object3D');
    assert.equal(helper.markers.count, 4);
    const camera = new PerspectiveCamera(50, 4 / 3, 0.1, 100);
    camera.position.set(0, 2, 5);
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld();
    helper.placeLabels(camera, 800, 600);
    let disposed = 0;
    helper.addEventListener('dispose', () => disposed++);
    helper.dispose();
    assert.equal(disposed, 1);
    assert.equal(helper.children.length, 0);
    const mesh = three3.meshForPrimitive(new c3.Box([0.5, 1, 1.5]));
    mesh.geometry.computeBoundingBox();
    assertClose(mesh.geometry.boundingBox.max.toArray(), [0.5, 1, 1.5]);

    const data2 = new c2.CollisionData2({ capacity: 8 });
    const ball = new c2.Circle(0.5).setPose([0, 1.4], 0);
    data2.reset();
    c2.collide2d(ball, new c2.Polygon([[-5, -1], [5, -1], [5, 1], [-5, 1]]), data2);
    const helper2 = new three3.ContactSet2Helper().update(data2);
    assert.equal(helper2.markers.count, 1);
    helper2.dispose();
    const ballMesh = three3.syncMeshToShape2(three3.meshForShape2(ball), ball);
    assertClose([ballMesh.position.x, ballMesh.position.y], [0, 1.4]);
    three3.disposeShape2Mesh(ballMesh);
  },
};

function assertClose(actual, expected, tolerance = 1e-12) {
  assert.equal(actual.length, expected.length, `${actual} has ${expected.length} entries`);
  for (let i = 0; i < expected.length; i++) {
    assert.ok(Math.abs(actual[i] - expected[i]) <= tolerance, `${actual} is ${expected}`);
  }
}

for (const name of process.argv.slice(2)) {
  const module = await import(name);
  assert.ok(Object.keys(module).length > 0, `${name} exports nothing`);
  if (calls[name]) {
    await calls[name](module);
    console.log(`  import ${name}: ok, a real call checked`);
  } else {
    console.log(
      `  import ${name}: ok (${
        Object.keys(module).length
      } exports); no call check in scripts/pack-check/smoke.mjs yet`,
    );
  }
}
