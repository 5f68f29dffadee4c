export { useContactkit } from './use-contactkit.js';
export type { ContactkitHandle, UseContactkitOptions } from './use-contactkit.js';
