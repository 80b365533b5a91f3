// Name of the runtime port the surfaces open for state pushes; zod-free so the toast and popup can import it.
export const STATE_PORT = 'antidrift-state';
