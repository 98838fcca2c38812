import { SCIM } from "./scim.present.ts";

/** RFC 7644 §3.12: a SCIM error answer (status, scimType, detail); every SCIM route refuses with one. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: "invalidFilter" | "invalidSyntax" | "invalidValue" | "mutability" | "uniqueness" | "noTarget" | "invalidPath",
  ) {
    super(detail);
  }
  get body() {
    return { schemas: [SCIM.error], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.message };
  }
}

export const scimNotFound = (what: string) => new ScimError(404, `${what} not found`);
