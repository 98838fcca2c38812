import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { RequireAuth } from "../../app/session";
import { renderApp, signedIn } from "../../test/render";
import { AnswerText, CopilotMessage, citations } from "./CopilotMessage";
import { copilotItem, message } from "./testing";

describe("answer text", () => {
  it("links only the numbers of the answer's items", () => {
    expect(citations("Start with [1], then [2] and [7].", [{ ref: 1 }, { ref: 2 }])).toEqual(["Start with ", 1, ", then ", 2, " and [7]."]);
    expect(citations("No citations", [{ ref: 1 }])).toEqual(["No citations"]);
  });

  it("renders each line, section lines in bold, citations as links to the items", () => {
    render(
      <AnswerText content={"Here is a plan:\n\nWeek 1 (1 h)\n[1] SQL basics — article, 10 min"} items={[copilotItem(1, "SQL basics")]} sections={["Week 1"]} />,
    );
    const link = screen.getByRole("link", { name: "Item 1: SQL basics" });
    expect(link).toHaveAttribute("href", "https://learning.example/item-1");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByText("Week 1 (1 h)")).toHaveStyle({ fontWeight: 700 });
    expect(screen.getByText("Here is a plan:")).toBeInTheDocument();
  });
});

describe("an answer's items", () => {
  it("each offers the actions a person may take from the chat", () => {
    const answer = message(2, "assistant", "Start with [1].", { items: [{ ...copilotItem(1, "SQL Essential Training"), content_type: "course" }] });
    renderApp(
      <RequireAuth>
        <CopilotMessage message={answer} latest={false} making={false} onMakeCollection={() => {}} onSearch={() => {}} />
      </RequireAuth>,
      { session: signedIn("member") },
    );
    for (const name of [
      "Save SQL Essential Training to my library",
      "Mark as started: SQL Essential Training",
      "Add to collection: SQL Essential Training",
      "Request to buy: SQL Essential Training",
    ]) {
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    }
  });
});

describe("where each cited item comes from", () => {
  const answer = message(3, "assistant", "From your library, on “helm”:\n[1] Helm values cheat sheet — article, 10 min\n\n[2] Helm charts field guide", {
    items: [
      { ...copilotItem(1, "Helm values cheat sheet"), source: "library", mine: { id_primary: 9, course_status: null } },
      copilotItem(2, "Helm charts field guide"),
    ],
  });
  const show = () =>
    renderApp(
      <RequireAuth>
        <CopilotMessage message={answer} latest={false} making={false} onMakeCollection={() => {}} onSearch={() => {}} />
      </RequireAuth>,
      { session: signedIn("member") },
    );
  const itemOf = (title: string) => screen.getByRole("link", { name: title }).closest("li")!;

  it("labels my own saves as from my library and the rest as the company catalog's", async () => {
    show();
    expect(await within(itemOf("Helm values cheat sheet")).findByText("From your library")).toBeVisible();
    expect(within(itemOf("Helm values cheat sheet")).queryByText("From the company catalog")).toBeNull();
    expect(within(itemOf("Helm charts field guide")).getByText("From the company catalog")).toBeVisible();
    expect(within(itemOf("Helm charts field guide")).queryByText("From your library")).toBeNull();
  });

  it("says so in Spanish too", async () => {
    const { default: i18next } = await import("i18next");
    await i18next.changeLanguage("es");
    try {
      show();
      expect(await within(itemOf("Helm values cheat sheet")).findByText("De tu biblioteca")).toBeVisible();
      expect(within(itemOf("Helm charts field guide")).getByText("Del catálogo de la empresa")).toBeVisible();
    } finally {
      await i18next.changeLanguage("en");
    }
  });
});
