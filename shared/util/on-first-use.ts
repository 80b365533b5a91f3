// A module-level value built on first use, not at load: the worker's wake evaluates every module, and most of its zod schemas serve only pages and the helper.

/**
 * Stands for the object `build` returns, building it on first touch. Every access goes to the built
 * object (`this` and `instanceof` included), so a zod schema behind it parses, composes and infers as itself.
 */
export function onFirstUse<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // Reported configurable: the stand-in's own (empty) target must not contradict a non-configurable property.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
