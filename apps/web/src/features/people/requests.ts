import type { Decision, InviteRequest, RemovalRequest, RequestKind } from "./api";

export type AnyRequest = InviteRequest | RemovalRequest;
export type Deciding = { kind: RequestKind; request: AnyRequest; decision: Decision };

/** Who or what a request is about: the invited email, or the person to remove. */
export function requestSubject(request: AnyRequest): string {
  return "employee" in request ? `${request.employee.display_name} (${request.employee.email})` : request.email;
}
