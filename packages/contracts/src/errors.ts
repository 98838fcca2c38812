import { z } from "zod";

/** Stable error codes: the web app maps each to a translated message. */
export const ErrorCode = z.enum([
  "validation_error",
  "bad_request",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "service_unavailable",
  "internal_error",
  // Edits to a published collection wait as a draft for the L&D leader's review.
  "collection_in_review",
  "no_changes",
  // A save naming a catalog item (id_content) with a link that is not the item's.
  "content_url_mismatch",
  // spec §5 authentication messages
  "invalid_email",
  "invalid_credentials",
  "weak_password",
  "email_in_use",
  "permission_denied",
  "registration_not_allowed",
  "account_missing",
  "account_inactive",
  "company_suspended",
  "invalid_token",
  "auth_error",
  // Proven addresses and second factors
  "email_not_verified",
  "two_factor_required",
  "invalid_code",
  "two_factor_expired",
  // Nobody decides their own purchase request (a team leader's goes to the L&D leader)
  "own_request",
  // Every refusal a person can meet has its own code; `details` carries what the text needs
  "budget_exceeded",
  "team_budget_missing",
  "request_without_team",
  "allocations_exceed_budget",
  "allocation_below_committed",
  "budget_below_allocated",
  "budget_period_taken",
  "budget_start_invalid",
  "team_required",
  "request_already_decided",
  "cannot_change_own_account",
  "company_required",
  "operator_has_company",
  "company_domain_taken",
  "invitation_already_accepted",
  "invitation_expired",
  "invitation_not_found",
  "company_not_found",
  "team_name_taken",
  "team_not_empty",
  "removal_already_pending",
  "team_not_chosen",
  "already_in_folder",
  "already_in_library",
  // A state the item's type does not take (a job applied, an article saved/applied/closed, a job running)
  "invalid_item_state",
  // A skill the plan does not have, or a plan of mine that is finished or declined, for an item of my library to count towards
  "plan_not_open",
  "invalid_plan_skill",
  // An import whose file has no link in the format named, or more links than one import takes
  "import_unreadable",
  "import_too_large",
  // An import file broken at a line (details.line): an unclosed quote, JSON that does not parse
  "import_malformed",
  // An import whose job failed for good: what it had added was taken out again
  "import_failed",
  "already_in_collection",
  "collection_not_published",
  "publish_request_open",
  "request_without_changes",
  "copilot_no_question",
  "copilot_answer_without_items",
  "copilot_items_gone",
  "copilot_collection_in_progress",
  // A chat webhook address that is not an https:// URL; a test message with no address saved
  "chat_hook_url_invalid",
  "chat_hook_not_set",
  // An L&D leader merges a catalog duplicate into the item to keep
  "catalog_merge_into_itself",
  "catalog_merge_into_hidden",
  "catalog_item_merged",
  // A feed subscription: an address that is no http(s) URL (or a YouTube page that names no channel
  // or playlist), and a feed the company already follows
  "catalog_feed_url_invalid",
  // A YouTube @handle or custom channel address: its channel id is not in the address
  "catalog_feed_youtube_handle",
  "catalog_feed_exists",
  // An OIDC issuer whose discovery document cannot be read; a first connection without its secret;
  // require-SSO without SSO switched on; a password refused where the company requires single sign-on
  "sso_issuer_invalid",
  "sso_secret_required",
  "sso_not_enabled",
  "sso_required",
  // SAML metadata (pasted or fetched) without an entity id, a redirect sign-in URL or a signing certificate
  "sso_metadata_invalid",
  // A personal access token that is unknown or revoked, one past its expiry, and one used where only
  // a signed-in session may act (token management, password, two-factor, company administration)
  "access_token_invalid",
  "access_token_expired",
  "access_token_not_allowed",
  // A saved item's reader view: its page is still being read, or it was read without a readable
  // article (not HTML, unreachable, too large, no article in it)
  "item_text_pending",
  "item_text_unavailable",
  // A saved item that already keeps as many highlights as one item may (details.max)
  "highlight_limit_reached",
  // The learning record store (xAPI): a call without a version it speaks, a credential unknown or with
  // the wrong secret, a revoked one, a statement id already stored with other content, a voiding
  // statement aimed at another voiding statement
  "xapi_version_required",
  "xapi_credential_invalid",
  "xapi_credential_revoked",
  "xapi_statement_conflict",
  "xapi_void_of_void",
  // Its documents (state, profiles): a precondition (If-Match, If-None-Match) the stored document
  // fails; a profile PUT over an existing document without either header, or a write that raced
  // another; a POST merge where either document is no JSON object; a merge setting __proto__ and kin
  "xapi_precondition_failed",
  "xapi_document_conflict",
  "xapi_document_not_json",
  "xapi_document_unsafe_key",
  // Forwarding to an outside LRS: an endpoint that is no https:// URL; a first save without its secret
  "xapi_forward_url_invalid",
  "xapi_forward_secret_required",
  "xapi_forward_not_set",
  // A certificate hr has already revoked
  "certificate_already_revoked",
  // A path can only be required once it is published in the company library
  "path_not_published",
  // Starting a path again is for the people it is required of
  "compliance_not_required",
  // A required path is started again only once its completion has expired or is about to
  "compliance_not_renewable",
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().describe("Stable machine-readable code"),
      message: z.string().describe("Human-readable message"),
      details: z.unknown().optional().describe("Extra context, e.g. the invalid fields"),
    }),
  })
  .describe("Every 4xx and 5xx answer has this shape");
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * spec §5: authentication messages, exactly as written, with their Spanish versions.
 * 'We had a error' is the spec's wording for the fallback and is kept verbatim.
 */
export const AUTH_MESSAGES = {
  en: {
    invalid_email: "Invalid email",
    invalid_credentials: "Email or password incorrect",
    weak_password: "Min length 6 characters",
    email_in_use: "Email already in use",
    permission_denied: "Permission denied",
    registration_not_allowed: "Email is currently not allowed to register",
    auth_error: "We had a error",
  },
  es: {
    invalid_email: "Correo electrónico no válido",
    invalid_credentials: "Correo electrónico o contraseña incorrectos",
    weak_password: "Mínimo 6 caracteres",
    email_in_use: "El correo electrónico ya está en uso",
    permission_denied: "Permiso denegado",
    registration_not_allowed: "El correo electrónico no tiene permiso para registrarse por ahora",
    auth_error: "Tuvimos un error",
  },
} as const;
export type AuthMessageCode = keyof (typeof AUTH_MESSAGES)["en"];
