import { describe, expect, it } from "vitest";
import { ACTORS, allowedBy, COMPANY, OTHER_COMPANY, SEES_COMPANY } from "../../../test/actors.ts";
import { CURATORS, libraryPolicy } from "./library.policy.ts";

describe("library policy", () => {
  it("lets the L&D leader of each company curate its catalog, and nobody else", () => {
    expect(allowedBy((a) => libraryPolicy.curateCatalog(a, null))).toEqual(["ldleader", "otherCompanyLdleader"]);
    expect(allowedBy((a) => libraryPolicy.accountAbilities(a).curate_catalog)).toEqual(["ldleader", "otherCompanyLdleader"]);
  });

  it("gates the curation routes with the same roles the ability names", () => {
    const roles = [...new Set(allowedBy((a) => libraryPolicy.curateCatalog(a, null)).map((k) => ACTORS[k].role))];
    expect(roles).toEqual([...CURATORS]);
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
