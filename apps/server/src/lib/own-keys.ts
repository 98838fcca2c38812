/**
 * A value an outside party keyed (identity provider claims, SAML attributes), read as that party's own
 * key only: `claims.constructor` is Object for any object, and `claims.__proto__` its prototype,
 * which a name chosen by a client must never reach.
 */
export const ownValue = (from: object, key: string): unknown => (Object.hasOwn(from, key) ? (from as Record<string, unknown>)[key] : undefined);
