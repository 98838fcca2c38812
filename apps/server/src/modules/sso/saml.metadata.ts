import { DOMParser } from "@xmldom/xmldom";
import xpath from "xpath";

/** Why metadata cannot be used: not XML, or without an entity id, a redirect sign-in URL or a signing certificate. */
export class SamlMetadataError extends Error {}

export interface IdpMetadata {
  entityId: string;
  /** The SingleSignOnService with the HTTP-Redirect binding (our AuthnRequest goes there). */
  ssoUrl: string;
  /** Base64 bodies of the signing certificates, one of which must sign every assertion. */
  certs: string[];
}

const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

/**
 * Reads what sign-in needs from an identity provider's metadata (SAML 2.0 metadata §2.4.3). Only
 * reading: signatures are checked by node-saml against the certificates found here.
 */
export function readIdpMetadata(xml: string, opts: { allowHttp: boolean }): IdpMetadata {
  let errors = 0;
  const doc = new DOMParser({ errorHandler: { error: () => void errors++, fatalError: () => void errors++ } }).parseFromString(xml, "text/xml");
  const select = (expr: string) => (errors ? [] : (xpath.select(expr, doc) as Node[]));
  const descriptor = select("//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]")[0] as Element | undefined;
  const entityId = descriptor?.getAttribute("entityID")?.trim();
  if (!descriptor || !entityId) throw new SamlMetadataError("The metadata has no EntityDescriptor with an IDPSSODescriptor and an entityID");

  const within = (expr: string) => xpath.select(expr, descriptor) as Node[];
  const ssoUrl = within(
    `./*[local-name()='IDPSSODescriptor']/*[local-name()='SingleSignOnService'][@Binding='${REDIRECT_BINDING}']/@Location`,
  )[0]?.nodeValue?.trim();
  const schemes = opts.allowHttp ? ["https:", "http:"] : ["https:"];
  if (!ssoUrl || !URL.canParse(ssoUrl) || !schemes.includes(new URL(ssoUrl).protocol)) {
    throw new SamlMetadataError("The metadata has no https:// SingleSignOnService with the HTTP-Redirect binding");
  }
  // A KeyDescriptor without `use` serves both signing and encryption (metadata §2.4.1.1).
  const certs = within("./*[local-name()='IDPSSODescriptor']/*[local-name()='KeyDescriptor'][not(@use) or @use='signing']//*[local-name()='X509Certificate']")
    .map((node) => (node.textContent ?? "").replace(/\s+/g, ""))
    .filter((body) => body.length > 0);
  if (certs.length === 0) throw new SamlMetadataError("The metadata has no signing certificate");
  return { entityId, ssoUrl, certs: [...new Set(certs)] };
}

/** A certificate body as the PEM node-saml reads. */
export const pemOf = (body: string) => `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----`;
