import { afterEach, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "../../test/render";
import { readFilter, type DiscoverFilter } from "./params";
import { SearchFilters } from "./SearchFilters";

afterEach(() => vi.unstubAllGlobals());

const at = (query: string) => readFilter(new URLSearchParams(query));

describe("SearchFilters", () => {
  it("searches once for the settled text, and going back to an earlier address is not undone by what was typed", async () => {
    const onSearch = vi.fn();
    let goTo: (filter: DiscoverFilter) => void = () => {};
    // The page keeps the filter in the address; here a state stands in for it.
    function Page() {
      const [filter, setFilter] = useState(at("q=sql"));
      goTo = setFilter;
      return <SearchFilters filter={filter} facets={undefined} onSearch={onSearch} onFilter={vi.fn()} onClear={vi.fn()} />;
    }
    const user = userEvent.setup();
    renderApp(<Page />);
    const box = screen.getByRole("searchbox", { name: "Search the catalog" });
    await user.clear(box);
    await user.type(box, "python");
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith("python"));
    expect(onSearch).toHaveBeenCalledTimes(1);

    // The address follows the search; then the person goes back to "sql". The box's debounce runs on
    // a clock the test moves: every timer these changes set has run once none is left.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      act(() => goTo(at("q=python")));
      act(() => goTo(at("q=sql")));
      expect(box).toHaveValue("sql");
      await act(() => vi.runAllTimersAsync());
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue("sql");
  });
});
