import { useState } from "react";
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { OnboardingDrawer } from "./OnboardingDrawer";
import { GuidedTour, RedoProvider } from "../../features/onboarding/redo";
import { LocationProbe } from "../../test/LocationProbe";
import { renderApp, signedIn } from "../../test/render";

const entries = [{ id: 1, type: "discover", title: "Save your first content", ready: true, created_at: "2026-11-22T00:00:00Z" }];

function Panel() {
  const [open, setOpen] = useState(true);
  return (
    <RedoProvider>
      <Routes>
        <Route
          path="*"
          element={
            <OnboardingDrawer
              open={open}
              onClose={() => setOpen(false)}
              entries={entries}
              failed={false}
              accountCreatedAt={new Date().toISOString()}
              role="member"
              teamId={1}
            />
          }
        />
      </Routes>
      <GuidedTour />
      <LocationProbe />
    </RedoProvider>
  );
}

describe("onboarding panel", () => {
  it("shows the member's topics with progress, the done subtask ticked", async () => {
    renderApp(<Panel />, { path: "/discover", session: signedIn("member") });
    const discover = screen.getByRole("heading", { name: "Discover" }).closest("section")!;
    expect(within(discover).getByText("1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "My tasks" })).toBeInTheDocument();
    expect(screen.getAllByTitle("Done")).toHaveLength(1);
  });

  it("choosing a done subtask goes to its page and shows its steps as a guide", async () => {
    const user = userEvent.setup();
    renderApp(<Panel />, { path: "/discover", session: signedIn("member") });
    await user.click(screen.getByRole("button", { name: /Save your first content/ }));
    expect(screen.getByTestId("location")).toHaveTextContent("/home");
    const guide = await screen.findByRole("region", { name: "Guide: Save your first content" });
    expect(within(guide).getByText("Paste a link")).toBeInTheDocument();
  });

  it("choosing a subtask not done yet goes there without a guide", async () => {
    const user = userEvent.setup();
    renderApp(<Panel />, { path: "/discover", session: signedIn("member") });
    await user.click(screen.getByRole("button", { name: /Follow a learning path/ }));
    expect(screen.getByTestId("location")).toHaveTextContent("/collaborative-network");
    expect(screen.queryByRole("region", { name: /^Guide/ })).toBeNull();
  });
});
