export { mulberry32, Random } from './random.js';
