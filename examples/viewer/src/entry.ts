/**
 * The page's entry: `?scene=<id>` naming a program (programs/registry.ts) starts that program's
 * page; any other id is a contact scene, shown by main.ts.
 */
import { findProgram } from './programs/registry.js';

const program = findProgram(new URLSearchParams(location.search).get('scene'));
if (program) {
  program.start().catch((error: unknown) => console.error(error));
} else {
  import('./main.js').catch((error: unknown) => console.error(error));
}
