export { ContourBall } from './contour-ball.js';
export type { BallMode, ContourBallOptions, ContourCorner } from './contour-ball.js';
