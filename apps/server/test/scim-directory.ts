// Two companies, each with its directory's SCIM token: what the SCIM suites start from, so they can
// check that one company's directory never reaches the other's people or teams.
import { createCompanyWithRoles } from "./factories.ts";
import { createTestContext, type TestContext } from "./helpers.ts";

export type ScimCompany = Awaited<ReturnType<typeof createCompanyWithRoles>>;

/** A SCIM token as the company's hr creates it (the answer holds the token once). */
const scimToken = async (c: ScimCompany): Promise<string> => (await c.hr.client.post("/api/b2b/v1/company/scim-token", {})).body.token;

export async function twoScimCompanies(): Promise<{ t: TestContext; acme: ScimCompany; globex: ScimCompany; acmeToken: string; globexToken: string }> {
  const t = await createTestContext({ seed: false });
  const acme = await createCompanyWithRoles(t);
  const globex = await createCompanyWithRoles(t);
  return { t, acme, globex, acmeToken: await scimToken(acme), globexToken: await scimToken(globex) };
}
