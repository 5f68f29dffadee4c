/**
 * The page's entry: `?scene=<id>` naming a program (programs/registry.ts) starts that program's
 * page, a simulation's id (sims/registry.ts) its page; any other id is a contact scene, shown by
 * main.ts.
 */
import { findProgram } from './programs/registry.js';
import { isSimId, startSim } from './sims/registry.js';

const id = new URLSearchParams(location.search).get('scene');
const program = findProgram(id);
if (isSimId(id)) {
  startSim(id).catch((error: unknown) => console.error(error));
} else if (program) {
  program.start().catch((error: unknown) => console.error(error));
} else {
  import('./main.js').catch((error: unknown) => console.error(error));
}
