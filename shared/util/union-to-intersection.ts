// The intersection of a union's members: what several declarations' tables are side by side (the features' requests, handlers, settings).
export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
