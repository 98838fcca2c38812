import { lazy, Suspense, useContext } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Route, Routes, UNSAFE_NavigationContext } from "react-router";
import { describe, expect, it } from "vitest";
import { usePageSearchParams } from "./pageSearchParams";

// A page whose code never arrives: the navigation to it stays pending, the list page stays mounted.
const NeverLoads = lazy(() => new Promise<never>(() => {}));

let history: { location: { pathname: string; search: string } } | undefined;
function HistoryProbe() {
  history = useContext(UNSAFE_NavigationContext).navigator as unknown as typeof history;
  return null;
}

function ListPage() {
  const [params, setParams] = usePageSearchParams();
  return (
    <>
      <p>Skill: {params.get("skill") ?? "none"}</p>
      <button type="button" onClick={() => setParams({ skill: "sql" }, { replace: true })}>
        Filter by sql
      </button>
      <Link to="/collections/1">Open the collection</Link>
    </>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <HistoryProbe />
      <Suspense fallback={<p>Loading</p>}>
        <Routes>
          <Route path="/paths" element={<ListPage />} />
          <Route path="/collections/:id" element={<NeverLoads />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

describe("usePageSearchParams", () => {
  it("writes the page's own filters to its address", async () => {
    renderAt("/paths");
    await userEvent.click(screen.getByRole("button", { name: "Filter by sql" }));
    expect(await screen.findByText("Skill: sql")).toBeInTheDocument();
    expect(history?.location).toMatchObject({ pathname: "/paths", search: "?skill=sql" });
  });

  it("ignores a write that lands after the person has gone to another page", async () => {
    renderAt("/paths");
    await userEvent.click(screen.getByRole("link", { name: "Open the collection" }));
    expect(history?.location.pathname).toBe("/collections/1");
    // The list is still on screen while the next page loads; its debounced filter settles now.
    await userEvent.click(screen.getByRole("button", { name: "Filter by sql" }));
    expect(history?.location).toMatchObject({ pathname: "/collections/1", search: "" });
  });
});
