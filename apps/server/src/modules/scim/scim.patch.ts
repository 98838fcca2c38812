import { scimPatch, type ScimPatchOperation, type ScimResource, ScimError as PatchError } from "scim-patch";
import { isPrototypeKey } from "@learnward/contracts";
import { ScimError } from "./scim.errors.ts";

const refused = (what: string) => new ScimError(400, `${what} names an attribute that does not exist (__proto__, constructor, prototype…)`, "invalidPath");

/**
 * The names a PATCH path (RFC 7644 §3.5.2) can make a library read or write: every word outside
 * quotes (attributes, sub-attributes, schema URNs, filter attributes), and a quoted string that
 * stands for a name on its own (`name["__proto__"]`). A quoted comparison value such as
 * `"constructor@acme.test"` is data, and only counts when it is a prototype key itself.
 */
function namesIn(path: string): string[] {
  const quoted: string[] = [];
  const bare = path.replace(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g, (_m, double?: string, single?: string) => {
    quoted.push(double ?? single ?? "");
    return " ";
  });
  return [...quoted, ...bare.split(/[^A-Za-z0-9_$-]+/)];
}

/**
 * Whether a path or filter names a key every object has. scim-patch and scim2-parse-filter walk
 * them key by key, so `__proto__.x` or `constructor.prototype.x` would reach Object.prototype: one
 * company's directory could change how every other company's sign-in behaves. No SCIM schema has
 * an attribute of these names.
 */
export const namesPrototypeKey = (pathOrFilter: string) => namesIn(pathOrFilter).some(isPrototypeKey);

/** SCIM resources nest a few levels (a complex attribute, a multi-valued one inside); a value nested deeper is no attribute. */
const MAX_DEPTH = 16;

/**
 * Refuses a PATCH value that names a prototype key at any depth, or that nests deeper than any SCIM
 * attribute (the copy below is made by recursion). Walked without recursion itself: a body of
 * thousands of nested arrays must be refused, not overflow the stack.
 */
function checkValue(value: unknown) {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_DEPTH) throw new ScimError(400, `The value nests deeper than ${MAX_DEPTH} levels`, "invalidValue");
    for (const key of Object.keys(v)) {
      if (isPrototypeKey(key)) throw refused("The value");
      stack.push([(v as Record<string, unknown>)[key], depth + 1]);
    }
  }
}

/**
 * What the copies' objects inherit instead of Object.prototype: only the two methods libraries call
 * on any object (fast-deep-equal, which scim-patch matches array items with, calls valueOf and
 * toString). It has no `__proto__` accessor and no `constructor`, so no key a walk follows from a
 * copy leads back to the prototypes the rest of the process shares.
 */
const DETACHED = Object.assign(Object.create(null) as object, { valueOf: Object.prototype.valueOf, toString: Object.prototype.toString });

/** A deep copy of JSON data whose objects descend from DETACHED: whatever a walk writes stays on the copy. */
function detached(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(detached);
  if (value === null || typeof value !== "object") return value;
  const copy = Object.create(DETACHED) as Record<string, unknown>;
  for (const [k, v] of Object.entries(value)) copy[k] = detached(v);
  return copy;
}

export interface PatchOperation {
  op: string;
  path?: string;
  value?: unknown;
}

/**
 * Applies a directory's PATCH operations to a resource as the directory sees it, in Okta's and
 * Azure AD's shapes. Paths and value keys that name a prototype are refused before scim-patch
 * sees them, and it works on a copy of the resource and of the values that shares no prototype
 * with the rest of the process.
 */
export function applyScimPatch<T>(resource: T, operations: PatchOperation[]): T {
  for (const o of operations) {
    if (o.path !== undefined && namesPrototypeKey(o.path)) throw refused(`The path "${o.path.slice(0, 100)}"`);
    checkValue(o.value);
  }
  // scim-patch types meta's dates as Date; ours are the ISO strings SCIM sends, which it leaves alone.
  const copy = detached(resource) as ScimResource;
  const ops = operations.map((o) => ({ ...o, value: detached(o.value) }) as ScimPatchOperation);
  try {
    // mutateDocument: the copy is ours; scim-patch's own copy would be an ordinary object again.
    return scimPatch(copy, ops, { mutateDocument: true, treatMissingAsAdd: true }) as T;
  } catch (err) {
    if (err instanceof PatchError) throw new ScimError(400, err.message, "invalidValue");
    throw err;
  }
}
