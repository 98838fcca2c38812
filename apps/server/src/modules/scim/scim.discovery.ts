import { SCIM } from "./scim.present.ts";

// RFC 7643 §5-7: what this service provider supports, its resource types and their schemas.
const attr = (name: string, o: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...o,
});

export function discovery(baseUrl: string) {
  const meta = (resourceType: string, path: string) => ({ resourceType, location: `${baseUrl}/${path}` });
  const serviceProviderConfig = {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, "")}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "SCIM token",
        description: "The company's SCIM token, created by its hr in Settings (Authorization: Bearer …)",
        primary: true,
      },
    ],
    meta: meta("ServiceProviderConfig", "ServiceProviderConfig"),
  };
  const userSchema = {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
    id: SCIM.user,
    name: "User",
    description: "A person of the company",
    attributes: [
      attr("userName", { required: true, uniqueness: "server", description: "The person's work email, of the company's domain; can't change" }),
      attr("name", {
        type: "complex",
        subAttributes: [attr("formatted"), attr("givenName"), attr("familyName")],
      }),
      attr("displayName"),
      attr("emails", {
        type: "complex",
        multiValued: true,
        mutability: "readOnly",
        subAttributes: [attr("value"), attr("type"), attr("primary", { type: "boolean" })],
      }),
      attr("active", { type: "boolean", description: "false deactivates the account and signs the person out" }),
    ],
    meta: meta("Schema", `Schemas/${SCIM.user}`),
  };
  const userType = {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
    id: "User",
    name: "User",
    endpoint: "/Users",
    description: "People of the company",
    schema: SCIM.user,
    meta: meta("ResourceType", "ResourceTypes/User"),
  };
  const groupSchema = {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
    id: SCIM.group,
    name: "Group",
    description: "A team of the company",
    attributes: [
      attr("displayName", { required: true, uniqueness: "server", description: "The team's name, unique in the company" }),
      attr("members", {
        type: "complex",
        multiValued: true,
        subAttributes: [attr("value", { description: "A User id" }), attr("display", { mutability: "readOnly" })],
      }),
    ],
    meta: meta("Schema", `Schemas/${SCIM.group}`),
  };
  const groupType = {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
    id: "Group",
    name: "Group",
    endpoint: "/Groups",
    description: "Teams of the company; a person is in one team at a time",
    schema: SCIM.group,
    meta: meta("ResourceType", "ResourceTypes/Group"),
  };
  return { serviceProviderConfig, schemas: [userSchema, groupSchema], resourceTypes: [userType, groupType] };
}
