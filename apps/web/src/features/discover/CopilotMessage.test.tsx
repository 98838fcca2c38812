import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { AnswerText, citations } from "./CopilotMessage";
import { copilotItem } from "./testing";

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
