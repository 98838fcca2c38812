import { createHash } from "node:crypto";

/**
 * What is stored of a random secret (an access token, a SCIM token, an LRS secret, an invitation's
 * token): its SHA-256 in hex. 256 random bits need no slow hash; a lookup by hash needs a fixed one.
 */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
