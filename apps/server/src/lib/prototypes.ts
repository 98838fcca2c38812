/**
 * Defence in depth against prototype pollution. A library that walks keys an attacker chose
 * (`__proto__.x`, `constructor.prototype.x`) writes onto the prototypes every object inherits from,
 * and so changes how the whole process behaves, for every company: an inherited `beforeTwoFactor`
 * or `access` route option lifts a gate. Every input that reaches such a library is checked where
 * it enters; this is what holds if one is ever missed.
 */

/** The prototypes a walk can reach from JSON data: `x.constructor.prototype` of each JSON type, and of a function. */
const SHARED = {
  "Object.prototype": Object.prototype,
  "Array.prototype": Array.prototype,
  "String.prototype": String.prototype,
  "Number.prototype": Number.prototype,
  "Boolean.prototype": Boolean.prototype,
  "Function.prototype": Function.prototype,
} as const;

/**
 * Seals the shared prototypes: no key can be added to them (nor removed). They are sealed, not
 * frozen: with Object.prototype frozen, a library that assigns `toString` on its own objects (ipaddr.js
 * does, for Fastify's trust-proxy) throws, because an inherited read-only property forbids the
 * assignment. Call it once every module is loaded.
 *
 * Node's `--disable-proto=throw` was tried too and is not used: the server-rendered web bundle
 * (react-transition-group's Babel helper `_inheritsLoose`, through notistack and MUI) sets
 * `subClass.__proto__`, so every server render failed. Sealing is what matters: a `__proto__` key
 * can still change one object's own prototype, never add to the ones all objects share.
 */
export function sealSharedPrototypes() {
  for (const proto of Object.values(SHARED)) Object.seal(proto);
}

type Snapshot = Map<string, PropertyDescriptor | undefined>;

/** Every own property of the shared prototypes, as it is now. */
export function snapshotPrototypes(): Snapshot {
  const snap: Snapshot = new Map();
  for (const [name, proto] of Object.entries(SHARED))
    for (const key of Reflect.ownKeys(proto)) snap.set(`${name}.${String(key)}`, Object.getOwnPropertyDescriptor(proto, key));
  return snap;
}

// `configurable` is left out: sealing after the snapshot (main.ts builds the app, then seals) turns
// it off on every property, and that is the hardening, not a change to report.
const same = (a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined) =>
  !!a && !!b && a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable && a.enumerable === b.enumerable;

/** The shared prototypes' properties added, removed or changed since `before` was taken. */
export function prototypeChanges(before: Snapshot): string[] {
  const now = snapshotPrototypes();
  return [...new Set([...before.keys(), ...now.keys()])].filter((k) => !same(before.get(k), now.get(k)));
}
