import { describe, expect, it } from "vitest";
import { ACTORS, allowedBy, COMPANY, OTHER_COMPANY, SEES_COMPANY } from "../../../test/actors.ts";
import { CURATORS, FEED_MANAGERS, libraryPolicy, STARTER_CATALOG_ADDERS } from "./library.policy.ts";

describe("library policy", () => {
  it("lets the L&D leader of each company curate its catalog, and nobody else", () => {
    expect(allowedBy((a) => libraryPolicy.curateCatalog(a, null))).toEqual(["ldleader", "otherCompanyLdleader"]);
    expect(allowedBy((a) => libraryPolicy.accountAbilities(a).curate_catalog)).toEqual(["ldleader", "otherCompanyLdleader"]);
  });

  it("gates the curation routes with the same roles the ability names", () => {
    const roles = [...new Set(allowedBy((a) => libraryPolicy.curateCatalog(a, null)).map((k) => ACTORS[k].role))];
    expect(roles).toEqual([...CURATORS]);
  });

  it("lets a company's L&D leader add the starter catalog to it, and an operator to any company", () => {
    expect(allowedBy((a) => libraryPolicy.addStarterCatalog(a, { id: COMPANY }))).toEqual(["admin", "ldleader"]);
    expect(allowedBy((a) => libraryPolicy.addStarterCatalog(a, { id: OTHER_COMPANY }))).toEqual(["admin", "otherCompanyLdleader"]);
    const roles = [...new Set(allowedBy((a) => libraryPolicy.addStarterCatalog(a, { id: a.companyId ?? COMPANY })).map((k) => ACTORS[k].role))];
    expect(roles.sort()).toEqual([...STARTER_CATALOG_ADDERS].sort());
  });

  it("lets a company's L&D leader and hr manage its catalog's feeds, and nobody else (an operator neither)", () => {
    expect(allowedBy((a) => libraryPolicy.manageCatalogFeeds(a, { companyId: COMPANY }))).toEqual(["hr", "ldleader"]);
    expect(allowedBy((a) => libraryPolicy.manageCatalogFeeds(a, { companyId: OTHER_COMPANY }))).toEqual(["otherCompanyHr", "otherCompanyLdleader"]);
    const roles = [...new Set(allowedBy((a) => libraryPolicy.manageCatalogFeeds(a, { companyId: a.companyId ?? COMPANY })).map((k) => ACTORS[k].role))];
    expect(roles.sort()).toEqual([...FEED_MANAGERS].sort());
  });

  it("reads a catalog item named by id only in its own company and while it is visible there", () => {
    expect(allowedBy((a) => libraryPolicy.readCatalogItem(a, { companyId: COMPANY, visible: true }))).toEqual(SEES_COMPANY);
    expect(allowedBy((a) => libraryPolicy.readCatalogItem(a, { companyId: COMPANY, visible: false }))).toEqual([]);
    expect(allowedBy((a) => libraryPolicy.readCatalogItem(a, { companyId: OTHER_COMPANY, visible: true }))).toEqual([
      "admin",
      "otherCompanyHr",
      "otherCompanyLdleader",
      "otherCompanyTeamleader",
    ]);
  });

  it("lets only the owner tag an item, change a tag or see their tags, whoever else asks", () => {
    const owner = ACTORS.member.accountId;
    expect(allowedBy((a) => libraryPolicy.tagItem(a, { accountId: owner }))).toEqual(["member"]);
    expect(allowedBy((a) => libraryPolicy.manageTag(a, { accountId: owner }))).toEqual(["member"]);
    expect(allowedBy((a) => libraryPolicy.seeTags(a, { ownerId: owner }))).toEqual(["member"]);
  });
});
