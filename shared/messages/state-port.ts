// Name of the runtime port the surfaces open for state pushes (zod-free: the toast and popup import it).
export const STATE_PORT = 'antidrift-state';
