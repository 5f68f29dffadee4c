/**
 * The pinball table (`?scene=pinball`): a launch lane with a plunger, the upper semicircle, a field
 * of obstacles in collision2d's `Playfield` grid, the funnel, drain and return channel. The ball is
 * `PinballSim` (pinball-sim.ts), stepped in fixed frames of 1/60 s as its tests run it; this file
 * draws it and takes the plunger's controls.
 */
import {
  CELL_SIZE,
  DRAIN_LEFT,
  DRAIN_RIGHT,
  DRAIN_Y,
  LANE_LEFT,
  PLUNGER_MAX_SPEED,
  PLUNGER_TRAVEL,
  PLUNGER_TIP_FALL,
  PLUNGER_Y,
  PinballSim,
  SPHERE_DRAG_COEFFICIENT,
  TABLE_HEIGHT,
  TABLE_WIDTH,
} from './pinball-sim.js';
import type { BallState } from './ball-state.js';
import { contourInput } from './contour-input.js';
import { bounds, readContour, tableWithContour } from './user-contour.js';
import {
  drawArrow,
  element,
  fitCanvas,
  isTypingTarget,
  programPage,
  publish,
  shortNumber,
} from './program-page.js';

/** The simulation's frame (s): the page steps in these, as the tests do. */
const FRAME = 1 / 60;
/** Most simulation frames per drawn frame: a slow or hidden tab is not made up for. */
const MAX_FRAMES_PER_DRAW = 6;
/** Height of the table's part names, CSS pixels: the panel's smallest text. */
const NAME_FONT_PIXELS = 12;
/** Seconds a held key takes to pull the plunger all the way. */
const PULL_TIME = 1;

export const PINBALL_COLORS = {
  table: '#17324a',
  wall: '#0b1520',
  obstacle: '#d9a441',
  bumper: '#e8607a',
  block: '#6f8294',
  ball: '#e8eef5',
  cell: 'rgba(90, 169, 255, 0.22)',
  outline: '#7df9ff',
  normal: '#3ddc84',
  point: '#ff5c5c',
} as const;

export async function startPinball(): Promise<void> {
  const page = programPage(
    'pinball',
    'Pinball: a ball among many obstacles',
    "A tilted table (gravity 9.81 sin 6.5\u00b0 along it) with a plunger in the launch lane, the upper semicircle that turns the ball into the field, dozens of convex and concave obstacles and round bumpers, and a funnel whose drain leads through the return channel back to the plunger. Each frame the ball moves in straight pieces split at the time of impact of its swept circle (Ericson, Real-Time Collision Detection, 5.5, moving spheres; Box2D's time of impact stops a small gap short of touching), against only the shapes that @contactkit/collision2d's Playfield grid finds in the cells of the swept path's box, so it never passes through an obstacle however fast. An impact reverses the normal velocity times the restitution and keeps the tangential part times the tangential restitution; a rebound too slow to leave the surface is continuous contact: the ball slides and rolls on (\"ground\", with rolling friction) until the surface falls away faster than gravity pulls it down.",
    'Pull the plunger: press on the table and drag down, or hold Space or \u2193, then let go; the further, the faster. "Visible" draws the obstacles\' outlines, the grid cells tested and the vectors of the last impact.',
  );
  const { canvas, context, body, stage } = page;
  let sim = new PinballSim();
  let visible = new URLSearchParams(location.search).get('visible') === '1';
  let paused = false;
  let pulling: { pointerY: number | null; } | null = null;
  let lastShot = 0;
  let frame = 0;
  let last = performance.now();
  let carry = 0;
  // World (metres, y up) -> CSS pixels: [cx + x s, cy - y s].
  let s = 1, cx = 0, cy = 0;

  // --- The panel -------------------------------------------------------------------------------
  const toggles = element('div', { class: 'toggles' });
  const visibleInput = element('input', { type: 'checkbox', id: 'show-visible' });
  visibleInput.checked = visible;
  visibleInput.addEventListener('change', () => (visible = visibleInput.checked));
  const visibleLabel = element('label', {});
  visibleLabel.append(visibleInput, ' Visible: outlines, grid cells, collision vectors');
  toggles.append(visibleLabel);
  // The launch channel's air drag (PinballOptions.channelDrag): a new ball, on the plunger.
  const dragInput = element('input', { type: 'checkbox', id: 'channel-drag' });
  dragInput.checked = new URLSearchParams(location.search).get('drag') === '1';
  const simOptions = () => ({ channelDrag: dragInput.checked ? SPHERE_DRAG_COEFFICIENT : 0 });
  if (dragInput.checked) sim = new PinballSim(sim.table, simOptions());
  dragInput.addEventListener('change', () => (sim = new PinballSim(sim.table, simOptions())));
  const dragLabel = element('label', {});
  dragLabel.append(
    dragInput,
    ` Air drag in the launch channel (c_w ${SPHERE_DRAG_COEFFICIENT}, a smooth sphere)`,
  );
  toggles.append(dragLabel);
  const buttons = element('div', { class: 'buttons' });
  const shootButton = element('button', { type: 'button', id: 'shoot' }, 'Shoot at top speed');
  const returnButton = element(
    'button',
    { type: 'button', id: 'return-ball' },
    'Ball to the plunger',
  );
  const pauseButton = element('button', { type: 'button', id: 'pause' }, 'Pause');
  buttons.append(shootButton, returnButton, pauseButton);
  body.append(toggles, buttons);
  const plungerText = element('p', { class: 'live', id: 'plunger-caption' });
  const ballText = element('p', { class: 'live', id: 'ball-caption' });
  const countersText = element('p', { class: 'probe', id: 'counters' });
  const impactText = element('p', { class: 'probe', id: 'impact' });
  body.append(plungerText, ballText, countersText, impactText);

  const shoot = (pull: number) => {
    sim.setPull(pull);
    const speed = sim.release();
    if (speed > 0) lastShot = speed;
    paused = false;
  };
  shootButton.addEventListener('click', () => {
    if (!sim.onPlunger) sim.toPlunger();
    shoot(1);
  });
  returnButton.addEventListener('click', () => sim.toPlunger());
  pauseButton.addEventListener('click', () => {
    paused = !paused;
    last = performance.now();
  });

  // --- The plunger: drag down on the table, or hold Space / ArrowDown ---------------------------
  const fullPullPixels = () => Math.max(80, 0.25 * canvas.clientHeight);
  canvas.addEventListener('pointerdown', (event) => {
    canvas.setPointerCapture(event.pointerId);
    pulling = { pointerY: event.clientY };
    sim.setPull(0);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (pulling?.pointerY != null) {
      sim.setPull((event.clientY - pulling.pointerY) / fullPullPixels());
    }
  });
  canvas.addEventListener('pointerup', () => {
    if (!pulling) return;
    pulling = null;
    shoot(sim.pull);
  });
  canvas.addEventListener('pointercancel', () => {
    pulling = null;
    sim.setPull(0);
  });
  // Whatever has the focus but a field: a button just clicked keeps it, and preventing the
  // default keeps Space from pressing that button (or ticking a focused checkbox) again.
  const isPullKey = (event: KeyboardEvent) =>
    (event.code === 'Space' || event.key === 'ArrowDown') && !isTypingTarget(event.target);
  window.addEventListener('keydown', (event) => {
    if (!isPullKey(event)) return;
    event.preventDefault();
    if (!pulling) {
      pulling = { pointerY: null };
      sim.setPull(0);
    }
  });
  window.addEventListener('keyup', (event) => {
    if (!isPullKey(event)) return;
    event.preventDefault();
    if (!pulling || pulling.pointerY !== null) return;
    pulling = null;
    shoot(sim.pull);
  });

  // --- For the browser test (pinball.browser.test.ts) ------------------------------------------
  // The table in world coordinates (metres, y up): outer wall and polygon obstacles as point
  // lists, bumpers as centre and radius, so the test can check the ball against them itself.
  const tableGeometry = () => ({
    radius: sim.radius,
    outline: sim.table.outline,
    obstacles: sim.table.obstacles.map((
      o,
    ) => (o.kind === 'circle'
      ? { kind: o.kind, name: o.name, centre: o.centre, radius: o.radius }
      : { kind: o.kind, name: o.name, outline: o.outline })
    ),
  });
  let geometry = tableGeometry();
  const dropButton = element('button', {
    type: 'button',
    id: 'drop-on-contour',
    disabled: '',
  }, 'Drop on your contour');
  buttons.append(dropButton);
  dropButton.addEventListener('click', () => {
    const own = sim.table.obstacles.find((o) => o.name === 'your contour');
    if (own?.kind !== 'polygon') return;
    const box = bounds(own.outline);
    // From rest 4 cm above the middle of its box: gravity along -y brings it onto the outline.
    sim.dropAt([(box.minX + box.maxX) / 2, box.maxY + 0.04]);
    paused = false;
  });
  const contourControls = contourInput(
    body,
    stage,
    'an obstacle in the middle of the field (a closed outline; the obstacles in its way make room)',
    (text, fileName) => {
      const table = tableWithContour(readContour(text), 'your contour');
      sim = new PinballSim(table, simOptions());
      geometry = tableGeometry();
      paused = false;
      dropButton.disabled = false;
      return `${fileName}: placed in the middle of the field, ${table.obstacles.length} obstacles now. Shoot, or drop the ball on it with "Drop on your contour".`;
    },
  );
  /** Fast-forward: steps the page's own simulation `frames` frames of FRAME s at once (no drawing) and returns the ball's state after each. */
  const step = (frames: number) => {
    if (!Number.isInteger(frames) || frames < 0) {
      throw new RangeError(`pinball step: frames must be an integer >= 0, got ${String(frames)}`);
    }
    const states: BallState[] = [];
    for (let i = 0; i < frames; i++) {
      sim.step(FRAME);
      states.push(sim.state);
    }
    return states;
  };

  // --- Drawing ---------------------------------------------------------------------------------
  /** The names drawn in the last frame, each with its box's corners in canvas pixels. */
  const names: { text: string; corners: number[][]; }[] = [];
  const X = (x: number) => cx + x * s, Y = (y: number) => cy - y * s;
  /**
   * Draws a name at (x, y) turned by `angle` (radians, clockwise on the screen), `offset` pixels
   * further along the turned y axis, and records its box's four corners in `names`.
   */
  const name = (
    text: string,
    x: number,
    y: number,
    angle: number,
    align: CanvasTextAlign,
    baseline: CanvasTextBaseline,
    offset = 0,
  ): void => {
    context.save();
    context.translate(x, y);
    context.rotate(angle);
    context.textAlign = align;
    context.textBaseline = baseline;
    context.fillText(text, 0, offset);
    context.restore();
    const metrics = context.measureText(text);
    const width = metrics.width;
    const left = align === 'center' ? -width / 2 : align === 'end' ? -width : 0;
    const top = baseline === 'top' ? offset : offset - NAME_FONT_PIXELS;
    const bottom = baseline === 'top' ? offset + NAME_FONT_PIXELS : offset;
    const c = Math.cos(angle), sn = Math.sin(angle);
    names.push({
      text,
      corners: [[left, top], [left + width, top], [left + width, bottom], [left, bottom]].map((
        [u, v],
      ) => [x + c * u! - sn * v!, y + sn * u! + c * v!]),
    });
  };

  function path(points: readonly (readonly number[])[]): void {
    context.beginPath();
    points.forEach((
      p,
      i,
    ) => (i === 0 ? context.moveTo(X(p[0]!), Y(p[1]!)) : context.lineTo(X(p[0]!), Y(p[1]!))));
    context.closePath();
  }

  function arrow(x0: number, y0: number, x1: number, y1: number, color: string): void {
    drawArrow(context, x0, y0, x1, y1, color, 2, 8);
  }

  function label(text: string, x: number, y: number, color: string): void {
    context.font = '600 12px ui-monospace, monospace';
    context.fillStyle = color;
    context.strokeStyle = '#000';
    context.lineWidth = 3;
    context.strokeText(text, x, y);
    context.fillText(text, x, y);
  }

  function draw(): void {
    const { width, height } = fitCanvas(canvas, context);
    // The table and the plunger's housing below it, with a margin.
    const bottom = PLUNGER_Y - 0.05 - PLUNGER_TRAVEL, top = TABLE_HEIGHT + 0.02;
    const worldWidth = TABLE_WIDTH + 0.08, worldHeight = top - bottom;
    s = Math.min(width / worldWidth, height / worldHeight);
    cx = (width - (TABLE_WIDTH + 0.03) * s) / 2;
    cy = (height + worldHeight * s) / 2 + bottom * s;
    context.fillStyle = PINBALL_COLORS.wall;
    context.fillRect(0, 0, width, height);
    path(sim.table.outline);
    context.fillStyle = PINBALL_COLORS.table;
    context.fill();
    context.strokeStyle = '#9fb3c8';
    context.lineWidth = 2;
    context.stroke();

    if (visible) {
      // The cells of the last frame's swept boxes: only the shapes listed there were swept against.
      context.fillStyle = PINBALL_COLORS.cell;
      for (let i = 0; i < sim.drawnCellCount; i++) {
        const x = sim.drawnCells[2 * i]! * CELL_SIZE, y = sim.drawnCells[2 * i + 1]! * CELL_SIZE;
        context.fillRect(X(x), Y(y + CELL_SIZE), CELL_SIZE * s, CELL_SIZE * s);
      }
    }

    for (const obstacle of sim.table.obstacles) {
      if (obstacle.kind === 'circle') {
        context.beginPath();
        context.arc(
          X(obstacle.centre[0]!),
          Y(obstacle.centre[1]!),
          obstacle.radius * s,
          0,
          2 * Math.PI,
        );
        context.fillStyle = PINBALL_COLORS.bumper;
        context.fill();
      } else {
        path(obstacle.outline);
        context.fillStyle = obstacle.name === 'lane block'
          ? PINBALL_COLORS.block
          : PINBALL_COLORS.obstacle;
        context.fill();
      }
    }

    // The plunger below the lane: its tip is the lane's floor (yellow); pulling draws the knob
    // down and stretches the spring, and a gauge beside it shows the pull.
    const laneWidth = TABLE_WIDTH - LANE_LEFT;
    const housingBottom = PLUNGER_Y - 0.03 - PLUNGER_TRAVEL;
    const knobY = PLUNGER_Y - 0.02 - sim.pull * PLUNGER_TRAVEL;
    context.fillStyle = '#050a10';
    context.fillRect(X(LANE_LEFT), Y(PLUNGER_Y), laneWidth * s, (PLUNGER_Y - housingBottom) * s);
    context.fillStyle = '#8a99a8';
    context.fillRect(
      X(LANE_LEFT + laneWidth * 0.42),
      Y(PLUNGER_Y),
      laneWidth * 0.16 * s,
      (PLUNGER_Y - knobY) * s,
    );
    context.strokeStyle = '#c4ced8';
    context.lineWidth = 1.5;
    context.beginPath();
    const turns = 8;
    for (let i = 0; i <= 2 * turns; i++) {
      const y = PLUNGER_Y - 0.004 - ((PLUNGER_Y - 0.004 - knobY) * i) / (2 * turns);
      const x = LANE_LEFT + laneWidth * (i % 2 === 0 ? 0.2 : 0.8);
      if (i === 0) context.moveTo(X(x), Y(y));
      else context.lineTo(X(x), Y(y));
    }
    context.stroke();
    context.fillStyle = '#e8eef5';
    context.fillRect(
      X(LANE_LEFT + laneWidth * 0.05),
      Y(knobY),
      laneWidth * 0.9 * s,
      Math.max(3, 0.008 * s),
    );
    context.fillStyle = '#ffd166';
    context.fillRect(X(LANE_LEFT), Y(PLUNGER_Y) - 1.5, laneWidth * s, 3);
    const gaugeX = X(TABLE_WIDTH) + 6, gaugeTop = Y(PLUNGER_Y + 0.2), gaugeHeight = 0.2 * s;
    context.strokeStyle = '#5c6b7a';
    context.lineWidth = 1;
    context.strokeRect(gaugeX, gaugeTop, 6, gaugeHeight);
    context.fillStyle = '#ffd166';
    context.fillRect(gaugeX, gaugeTop + gaugeHeight * (1 - sim.pull), 6, gaugeHeight * sim.pull);

    if (visible) {
      context.strokeStyle = PINBALL_COLORS.outline;
      context.lineWidth = 1;
      for (const obstacle of sim.table.obstacles) {
        if (obstacle.kind === 'circle') {
          context.beginPath();
          context.arc(
            X(obstacle.centre[0]!),
            Y(obstacle.centre[1]!),
            obstacle.radius * s,
            0,
            2 * Math.PI,
          );
          context.stroke();
        } else {
          path(obstacle.outline);
          context.stroke();
        }
      }
      path(sim.table.outline);
      context.stroke();
    }

    // Names of the table's parts, faint, where there is room for them; each box is recorded
    // (names) for the browser test that checks them against the outlines.
    names.length = 0;
    if (s > 350) {
      context.font = `${NAME_FONT_PIXELS}px system-ui, sans-serif`;
      context.fillStyle = 'rgba(200, 215, 230, 0.55)';
      name('drain', X((DRAIN_LEFT + DRAIN_RIGHT) / 2), Y(DRAIN_Y) - 6, 0, 'center', 'alphabetic');
      // Along the channel's sloping floor and just below it, whatever the scale, left of the
      // middle to keep clear of "plunger".
      const fx0 = X(DRAIN_LEFT), fy0 = Y(0.1);
      const fx1 = X(LANE_LEFT), fy1 = Y(PLUNGER_Y + PLUNGER_TIP_FALL);
      name(
        'return channel \u2192',
        fx0 + 0.42 * (fx1 - fx0),
        fy0 + 0.42 * (fy1 - fy0),
        Math.atan2(fy1 - fy0, fx1 - fx0),
        'center',
        'top',
        4,
      );
      // Under the top of the arc, low enough that the arc clears the name's ends: the arc of
      // radius R falls R - sqrt(R^2 - h^2) at h from the middle.
      const half = context.measureText('upper semicircle').width / 2 / s, R = TABLE_WIDTH / 2;
      const sag = R - Math.sqrt(Math.max(0, R * R - half * half));
      name('upper semicircle', X(R), Y(TABLE_HEIGHT - sag) + 5, 0, 'center', 'top');
      name(
        'launch lane',
        X((LANE_LEFT + TABLE_WIDTH) / 2) + 4,
        Y(0.5),
        -Math.PI / 2,
        'center',
        'alphabetic',
      );
      name('plunger', X(LANE_LEFT) - 6, Y(PLUNGER_Y - 0.04), 0, 'end', 'alphabetic');
      context.textAlign = 'start';
      context.textBaseline = 'alphabetic';
    }

    // The ball, ringed green while on the ground.
    const b = sim.position, r = sim.radius;
    context.beginPath();
    context.arc(X(b[0]!), Y(b[1]!), Math.max(3, r * s), 0, 2 * Math.PI);
    context.fillStyle = PINBALL_COLORS.ball;
    context.fill();
    if (sim.mode === 'ground') {
      context.strokeStyle = PINBALL_COLORS.normal;
      context.lineWidth = 2;
      context.stroke();
    }

    if (visible) {
      const v = sim.velocity;
      if (Math.hypot(v[0]!, v[1]!) > 1e-6) {
        arrow(
          X(b[0]!),
          Y(b[1]!),
          X(b[0]! + 0.05 * v[0]!),
          Y(b[1]! + 0.05 * v[1]!),
          'rgba(232, 238, 245, 0.7)',
        );
      }
      const impact = sim.lastImpact;
      if (impact) {
        const px = X(impact.point[0]), py = Y(impact.point[1]);
        // The ball where it touched, the contact point and the normal (4 cm long).
        context.setLineDash([3, 3]);
        context.strokeStyle = PINBALL_COLORS.point;
        context.lineWidth = 1;
        context.beginPath();
        context.arc(X(impact.centre[0]), Y(impact.centre[1]), r * s, 0, 2 * Math.PI);
        context.stroke();
        context.setLineDash([]);
        arrow(
          px,
          py,
          X(impact.point[0] + 0.04 * impact.normal[0]),
          Y(impact.point[1] + 0.04 * impact.normal[1]),
          PINBALL_COLORS.normal,
        );
        context.fillStyle = PINBALL_COLORS.point;
        context.beginPath();
        context.arc(px, py, 3.5, 0, 2 * Math.PI);
        context.fill();
        label(
          `toi ${shortNumber(impact.toi, 3)}  t ${shortNumber(impact.time, 4)} s`,
          px + 8,
          py - 8,
          '#ffffff',
        );
      }
    }

    // The ball's state and the plunger's speed, in the free corner below the funnel.
    label(
      `${modeWords()}, ${shortNumber(Math.hypot(sim.velocity[0]!, sim.velocity[1]!), 3)} m/s`,
      10,
      height - 30,
      sim.mode === 'ground' ? PINBALL_COLORS.normal : '#ffffff',
    );
    label(
      pulling || sim.pull > 0
        ? `launch ${shortNumber(sim.launchSpeed, 3)} m/s`
        : lastShot > 0
        ? `last shot ${shortNumber(lastShot, 3)} m/s`
        : 'pull the plunger',
      10,
      height - 12,
      '#ffd166',
    );
  }

  /** The ball's state in a few words. */
  function modeWords(): string {
    if (sim.mode === 'flight') return 'flight';
    return Math.hypot(sim.velocity[0]!, sim.velocity[1]!) < 0.005
      ? 'ground: at rest'
      : 'ground: rolling';
  }

  function showReadouts(): void {
    const state = sim.state;
    const speed = Math.hypot(state.velocity[0]!, state.velocity[1]!);
    const plunger = `Plunger: pull ${Math.round(sim.pull * 100)} %, launch speed ${
      shortNumber(sim.launchSpeed, 3)
    } m/s (top ${PLUNGER_MAX_SPEED} m/s)${
      lastShot > 0 ? `; last shot ${shortNumber(lastShot, 3)} m/s` : ''
    }${sim.onPlunger ? '.' : '. The ball is not on the plunger.'}`;
    if (plungerText.textContent !== plunger) plungerText.textContent = plunger;
    const ball = `${paused ? 'Paused. ' : ''}Ball: ${
      state.mode === 'ground' ? `${modeWords()} (in continuous contact)` : 'flight (no contact)'
    }, speed ${shortNumber(speed, 3)} m/s, energy ${shortNumber(state.energy, 4)} J/kg, ${
      shortNumber(state.time, 4)
    } s.`;
    if (ballText.textContent !== ball) ballText.textContent = ball;
    const counters =
      `Collisions ${sim.collisions}; this frame ${sim.cellsTestedPerFrame} grid cells tested, ${sim.shapesTestedPerFrame} shape sweeps (of ${sim.playfield.shapes.length} shapes), ${sim.movesPerFrame} straight move${
        sim.movesPerFrame === 1 ? '' : 's'
      }.`;
    if (countersText.textContent !== counters) countersText.textContent = counters;
    const i = sim.lastImpact;
    const impact = i
      ? `Last bounce at ${shortNumber(i.time, 4)} s: point (${shortNumber(i.point[0], 3)}, ${
        shortNumber(i.point[1], 3)
      }) m, normal (${shortNumber(i.normal[0], 3)}, ${
        shortNumber(i.normal[1], 3)
      }), time of impact ${shortNumber(i.toi, 3)} of the move, normal speed ${
        shortNumber(i.normalSpeed, 3)
      } m/s.`
      : 'No bounce yet.';
    if (impactText.textContent !== impact) impactText.textContent = impact;
    pauseButton.textContent = paused ? 'Continue' : 'Pause';
  }

  function tick(now: number): void {
    const elapsed = Math.max(0, (now - last) / 1000);
    last = now;
    if (pulling && pulling.pointerY === null) sim.setPull(sim.pull + elapsed / PULL_TIME);
    if (!paused) {
      carry = Math.min(carry + elapsed, MAX_FRAMES_PER_DRAW * FRAME);
      while (carry >= FRAME) {
        sim.step(FRAME);
        carry -= FRAME;
      }
    }
    draw();
    showReadouts();
    frame++;
    publish({
      scene: 'pinball',
      frame,
      ball: sim.state,
      counters: {
        collisions: sim.collisions,
        cellsTestedPerFrame: sim.cellsTestedPerFrame,
        shapesTestedPerFrame: sim.shapesTestedPerFrame,
      },
      plunger: { pull: sim.pull, launchSpeed: sim.launchSpeed, lastShot, onPlunger: sim.onPlunger },
      lastImpact: sim.lastImpact,
      visible,
      paused,
      obstacles: sim.table.obstacles.length,
      project: (point: readonly number[]) => [X(point[0]!), Y(point[1]!)],
      names,
      table: geometry,
      channelDragRate: sim.channelDragRate,
      loadContour: (text: string) => contourControls.load(text),
      step,
    });
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
}
