// A real SAML 2.0 identity provider (samlify in IdP mode) with a certificate generated
// here, for single sign-on tests (server and e2e). It answers an AuthnRequest (HTTP-Redirect) with
// a signed Response for the person the test chose, as an auto-posting form (HTTP-POST).
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import * as samlify from "samlify";
import { generate } from "selfsigned";

// The IdP side only: our service provider validates through node-saml, never through this.
samlify.setSchemaValidator({ validate: async () => "skipped in the test IdP" });

export interface SamlPerson {
  nameId: string;
  email?: string;
  name?: string;
  groups?: string[];
}

/** What a test changes in the next Response (before it is signed), or how it breaks it after. */
export interface ResponseTweak {
  audience?: string;
  notOnOrAfter?: string;
  inResponseTo?: string;
  /** Rewrites the signed XML (a tampered response). */
  afterSigning?: (xml: string) => string;
  /** Signs with a key the metadata does not name. */
  signWithOtherKey?: boolean;
}

export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  metadataXml: string;
  /**
   * Answers the AuthnRequest in `redirectUrl` (our start's Location) as the IdP would after its
   * login: the base64 SAMLResponse and where it is posted.
   */
  respond(redirectUrl: string, person: SamlPerson, tweak?: ResponseTweak): Promise<{ acsUrl: string; samlResponse: string }>;
  /** A response no request of ours asked for (IdP-initiated), for our SP's `spMetadataXml`. */
  unsolicited(spMetadataXml: string, person: SamlPerson): Promise<{ acsUrl: string; samlResponse: string }>;
  /** The person the browser-facing /sso endpoint signs in next (e2e), and what to change in that response. */
  signInAs(person: SamlPerson, tweak?: ResponseTweak): void;
  close(): Promise<void>;
}

const xmlText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function attributeStatement(person: SamlPerson): string {
  const attribute = (name: string, values: string[]) =>
    `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values
      .map((v) => `<saml:AttributeValue xsi:type="xs:string">${xmlText(v)}</saml:AttributeValue>`)
      .join("")}</saml:Attribute>`;
  const parts = [
    person.email ? attribute("email", [person.email]) : "",
    person.name ? attribute("displayName", [person.name]) : "",
    person.groups?.length ? attribute("http://schemas.microsoft.com/ws/2008/06/identity/claims/groups", person.groups) : "",
  ].join("");
  return parts ? `<saml:AttributeStatement>${parts}</saml:AttributeStatement>` : "";
}

/** `spMetadata` reads a service provider's metadata by its entity id (our metadata URL), as an IdP admin imports it. */
export async function startSamlIdp(opts: { spMetadata: (entityId: string) => Promise<string> }): Promise<TestSamlIdp> {
  const [own, other] = await Promise.all([
    generate([{ name: "commonName", value: "learnward-test-idp" }], { keySize: 2048, algorithm: "sha256" }),
    generate([{ name: "commonName", value: "someone-else" }], { keySize: 2048, algorithm: "sha256" }),
  ]);
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const ssoUrl = `${origin}/sso`;

  const idpWith = (keys: { private: string; cert: string }) =>
    samlify.IdentityProvider({
      entityID: entityId,
      signingCert: keys.cert,
      privateKey: keys.private,
      nameIDFormat: ["urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress"],
      singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
    });
  const idp = idpWith(own);
  const impostor = idpWith(other);
  const metadataXml = idp.getMetadata();

  async function build(sp: samlify.ServiceProviderInstance, requestId: string, person: SamlPerson, tweak: ResponseTweak = {}) {
    const signer = tweak.signWithOtherKey ? impostor : idp;
    const acsUrl = sp.entityMeta.getAssertionConsumerService("post") as string;
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const { context } = await signer.createLoginResponse(sp, { extract: { request: { id: requestId } } }, "post", { email: person.nameId }, (template) => ({
      id: `_${randomUUID()}`,
      // samlify escapes every tag value: the two statements are XML, put in as they are.
      context: samlify.SamlLib.replaceTagsByValue(
        template
          .replace(
            "{AuthnStatement}",
            `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
          )
          .replace("{AttributeStatement}", attributeStatement(person)),
        {
          ID: `_${randomUUID()}`,
          AssertionID: `_${randomUUID()}`,
          Destination: acsUrl,
          Audience: tweak.audience ?? sp.entityMeta.getEntityID(),
          SubjectRecipient: acsUrl,
          Issuer: entityId,
          IssueInstant: now.toISOString(),
          StatusCode: samlify.Constants.StatusCode.Success,
          ConditionsNotBefore: now.toISOString(),
          ConditionsNotOnOrAfter: tweak.notOnOrAfter ?? later,
          SubjectConfirmationDataNotOnOrAfter: tweak.notOnOrAfter ?? later,
          NameIDFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
          NameID: person.nameId,
          InResponseTo: tweak.inResponseTo ?? requestId,
        },
      ),
    }));
    let samlResponse = context;
    if (tweak.afterSigning) samlResponse = Buffer.from(tweak.afterSigning(Buffer.from(context, "base64").toString("utf8"))).toString("base64");
    return { acsUrl, samlResponse };
  }

  /** Reads the AuthnRequest of a redirect URL with samlify: which SP asks (its metadata URL is its entity id) and the request id. */
  async function readRequest(redirectUrl: string) {
    const url = new URL(redirectUrl);
    const query = Object.fromEntries(url.searchParams);
    const xml = inflateRawSync(Buffer.from(query.SAMLRequest ?? "", "base64")).toString("utf8");
    const issuer = /<(?:\w+:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1];
    if (!issuer) throw new Error("an AuthnRequest without an Issuer");
    const sp = samlify.ServiceProvider({ metadata: await opts.spMetadata(issuer) });
    const { extract } = await idp.parseLoginRequest(sp, "redirect", { query });
    return { sp, requestId: String((extract as { request: { id: string } }).request.id) };
  }

  let nextPerson: SamlPerson | null = null;
  let nextTweak: ResponseTweak | undefined;
  server.on("request", async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", origin);
      if (url.pathname === "/metadata") {
        res.writeHead(200, { "content-type": "application/samlmetadata+xml" }).end(metadataXml);
        return;
      }
      if (url.pathname === "/sso" && nextPerson) {
        // The IdP's login page, answered at once for the person the test chose, then the auto-posting form.
        const { sp, requestId } = await readRequest(url.toString());
        const { acsUrl, samlResponse } = await build(sp, requestId, nextPerson, nextTweak);
        res
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(
            `<!doctype html><html><body><form method="post" action="${xmlText(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"><noscript><button type="submit">Continue</button></noscript></form><script>document.forms[0].submit()</script></body></html>`,
          );
        return;
      }
      res.writeHead(404).end();
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });

  return {
    entityId,
    ssoUrl,
    metadataUrl: `${origin}/metadata`,
    metadataXml,
    async respond(redirectUrl, person, tweak) {
      const { sp, requestId } = await readRequest(redirectUrl);
      return build(sp, requestId, person, tweak);
    },
    async unsolicited(spMetadataXml, person) {
      const sp = samlify.ServiceProvider({ metadata: spMetadataXml });
      return build(sp, "", person, { inResponseTo: "" });
    },
    signInAs(person, tweak) {
      nextPerson = person;
      nextTweak = tweak;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
