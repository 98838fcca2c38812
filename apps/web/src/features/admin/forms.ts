import { z } from "zod";
import { CompanyRole, CreateCompanyRequest, Email } from "@learnward/contracts";
import { ApiError } from "../../lib/api";
import type { AdminCompany, CompanyBody, CompanyPatch } from "./api";

// The company form, checked with the server's own field rules (CreateCompanyRequest); messages are
// codes the admin namespace (form.errors) or the errors namespace translates.

const rules = CreateCompanyRequest.shape;
/** The server keeps a logo as text up to this long: a link, or a small picture as a data URL. */
export const MAX_LOGO_CHARS = 100_000;

/** Allow-list entries as typed: one per line (commas work too). */
export function allowlistEntries(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

/** The first entry the server would refuse, to name it in the message. */
export function invalidAllowlistEntry(text: string): string | null {
  return allowlistEntries(text).find((entry) => !rules.registration_allowlist.safeParse([entry]).success) ?? null;
}

/** ISO 4217 codes the browser knows; empty where it can't list them (then any three letters pass). */
function knownCurrencies(): Set<string> {
  try {
    return new Set(Intl.supportedValuesOf("currency"));
  } catch {
    return new Set();
  }
}
const KNOWN = knownCurrencies();
export const isCurrency = (code: string) => /^[A-Z]{3}$/.test(code) && (KNOWN.size === 0 || KNOWN.has(code));

export const CompanyForm = z.object({
  // The contract's own rule (its 120-character limit reaches the field as its maxlength).
  name: rules.name,
  domain: z
    .string()
    .trim()
    .min(1, { message: "required" })
    .refine((value) => rules.domain.safeParse(value).success, { message: "invalidDomain" }),
  url_photo: z
    .string()
    .trim()
    .max(MAX_LOGO_CHARS, { message: "logoTooLarge" })
    .refine((value) => value === "" || rules.url_photo.safeParse(value).success, { message: "invalidLogo" }),
  currency: z
    .string()
    .trim()
    .min(1, { message: "required" })
    .refine((value) => isCurrency(value.toUpperCase()), { message: "invalidCurrency" }),
  registration_allowlist: z
    .string()
    .refine((value) => invalidAllowlistEntry(value) === null, { message: "invalidAllowlist" })
    .refine((value) => allowlistEntries(value).length <= 500, { message: "allowlistTooLong" }),
  require_two_factor: z.boolean(),
});
export type CompanyFormValues = z.input<typeof CompanyForm>;
export type CompanyField = keyof CompanyFormValues;

export function companyFormValues(company?: AdminCompany): CompanyFormValues {
  return {
    name: company?.name ?? "",
    domain: company?.domain ?? "",
    url_photo: company?.url_photo ?? "",
    currency: company?.currency ?? "USD",
    registration_allowlist: (company?.registration_allowlist ?? []).join("\n"),
    require_two_factor: company?.require_two_factor ?? false,
  };
}

/** The create call's body. */
export function companyBody(values: CompanyFormValues): CompanyBody {
  return {
    name: values.name.trim(),
    domain: values.domain.trim().toLowerCase(),
    url_photo: values.url_photo.trim() || null,
    currency: values.currency.trim().toUpperCase(),
    registration_allowlist: allowlistEntries(values.registration_allowlist),
    require_two_factor: values.require_two_factor,
  };
}

/** The edit call's body: only what differs from the company as it is. */
export function companyPatch(company: AdminCompany, values: CompanyFormValues): CompanyPatch {
  const next = companyBody(values);
  const patch: CompanyPatch = {};
  if (next.name !== company.name) patch.name = next.name;
  if (next.domain !== company.domain) patch.domain = next.domain;
  if ((next.url_photo ?? null) !== company.url_photo) patch.url_photo = next.url_photo;
  if (next.currency !== company.currency) patch.currency = next.currency;
  if (JSON.stringify(next.registration_allowlist) !== JSON.stringify(company.registration_allowlist))
    patch.registration_allowlist = next.registration_allowlist;
  if (next.require_two_factor !== company.require_two_factor) patch.require_two_factor = next.require_two_factor;
  return patch;
}

// A switch has no wrong value to type: the rule is not among the fields a refusal points at.
const SERVER_CODES: Partial<Record<CompanyField, string>> = {
  name: "invalidName",
  domain: "invalidDomain",
  url_photo: "invalidLogo",
  currency: "invalidCurrency",
  registration_allowlist: "invalidAllowlist",
};

/**
 * The fields a server refusal points at: validation details name them ("body.domain",
 * "body.registration_allowlist.2"); company_domain_taken is its domain being taken.
 */
export function companyServerErrors(error: unknown): Partial<Record<CompanyField, string>> {
  if (!(error instanceof ApiError)) return {};
  if (error.code === "company_domain_taken") return { domain: "domainTaken" };
  if (error.code !== "validation_error" || !Array.isArray(error.details)) return {};
  const out: Partial<Record<CompanyField, string>> = {};
  for (const detail of error.details as unknown[]) {
    const path = typeof detail === "object" && detail !== null && "path" in detail ? String((detail as { path: unknown }).path) : "";
    const field = path.replace(/^body\./, "").split(".")[0] as CompanyField;
    const code = Object.hasOwn(SERVER_CODES, field) ? SERVER_CODES[field] : undefined;
    if (code) out[field] = code;
  }
  return out;
}

/** Inviting someone into a company: the server's own rules for the address and the role. */
export const InviteForm = z.object({ email: Email, role: CompanyRole });
