import { act } from "react";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OneByOne } from "./OneByOne";

afterEach(() => vi.useRealTimers());

describe("a long page's parts, one by one", () => {
  it("shows the first at once and one more per task, in order, each commit adding one", async () => {
    vi.useFakeTimers();
    const commits: number[] = [];
    function Part({ name }: { name: string }) {
      return <h2>{name}</h2>;
    }
    function Page() {
      return (
        <OneByOne>
          <Part name="Activity" />
          {false}
          <Part name="Types" />
          <Part name="Overdue" />
        </OneByOne>
      );
    }
    render(<Page />);
    const headings = () => screen.queryAllByRole("heading").map((heading) => heading.textContent);
    commits.push(headings().length);
    for (let task = 0; task < 4; task++) {
      await act(async () => {
        await vi.advanceTimersToNextTimerAsync();
      });
      commits.push(headings().length);
    }
    expect(commits).toEqual([1, 2, 3, 3, 3]);
    expect(headings()).toEqual(["Activity", "Types", "Overdue"]);
    // Nothing left to show: no timer keeps running.
    expect(vi.getTimerCount()).toBe(0);
  });
});
