import { describe, expect, it } from "vitest";
import { PHONE, accessibilityViolations, browserForThisFile, openPage, screenshot, signInWithApi, visible } from "../support";

// Skill levels: a team leader rates a member from the skills matrix on a phone; the member sees the
// level, its source and their own rating beside it on their skills page.

const browser = browserForThisFile();

describe("skill levels", () => {
  it("a team leader rates Marco in the matrix at 390 wide; Marco reads it on his skills page", { timeout: 120_000 }, async () => {
    const leader = await openPage(browser(), PHONE);
    await signInWithApi(leader.context, "teamleader@acme.test");
    const { page } = leader;
    await page.goto("/peopleManagement/skillboost");
    const matrix = await visible(page.getByRole("table", { name: /Skills of team Engineering/ }));
    // A skill of the demo team's plans (a column of the matrix).
    const skill = "sql";
    // Demo data may already hold a level: open whichever button the cell offers.
    const cell = matrix.getByRole("button", { name: new RegExp(`^(Rate Marco Bianchi in ${skill}|Marco Bianchi, ${skill}: )`) });
    await cell.first().click();
    const dialog = await visible(page.getByRole("dialog", { name: `${skill}: Marco Bianchi` }));
    await dialog.getByRole("radio", { name: "4 · Advanced" }).check();
    await dialog.getByRole("textbox", { name: "Note (optional)" }).fill("Leads the migration to strict mode");
    await dialog.getByRole("button", { name: "Save rating" }).click();
    await visible(dialog.getByRole("listitem").filter({ hasText: "Leads the migration to strict mode" }));
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "skills-dialog-390");
    await dialog.getByRole("button", { name: "Close" }).click();
    await visible(matrix.getByRole("button", { name: `Marco Bianchi, ${skill}: 4 · Advanced, Manager-rated. Show history` }));
    // Readable at 390: the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "skills-matrix-390");
    expect(leader.errors).toEqual([]);

    const marco = await openPage(browser(), PHONE);
    await signInWithApi(marco.context, "member@acme.test");
    await marco.page.goto("/setting#my-skills-heading");
    const mine = await visible(marco.page.getByRole("table", { name: "My skill levels" }));
    const row = mine.getByRole("row").filter({ has: marco.page.getByRole("rowheader", { name: skill }) });
    await visible(row.getByText("4 · Advanced"));
    await visible(row.getByText("Manager-rated"));
    expect(await marco.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(marco.errors).toEqual([]);
  });
});
