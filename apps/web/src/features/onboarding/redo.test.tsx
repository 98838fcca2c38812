import { memo, useState } from "react";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { RedoProvider, useRedo } from "./redo";

describe("the redo item's provider", () => {
  it("hands its consumers the same value when the layout above it re-renders", () => {
    // A new value would be a context change for every consumer, and for every part of the page still
    // shown from the server's HTML, which React then hydrates at once (app/hydrateWhenSeen.tsx).
    let renders = 0;
    const Consumer = memo(function Consumer() {
      useRedo();
      renders += 1;
      return null;
    });
    let rerender!: () => void;
    function Layout() {
      const [, setTick] = useState(0);
      rerender = () => setTick((tick) => tick + 1);
      return (
        <RedoProvider>
          <Consumer />
          <p>Layout</p>
        </RedoProvider>
      );
    }
    render(
      <MemoryRouter initialEntries={["/home"]}>
        <Layout />
      </MemoryRouter>,
    );
    expect(screen.getByText("Layout")).toBeInTheDocument();
    const before = renders;
    act(() => rerender());
    expect(renders).toBe(before);
  });
});
