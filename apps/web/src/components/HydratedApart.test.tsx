import { act, useState, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { bareRoots } from "../test/bareRoot";
import { HydratedInTurn } from "./HydratedApart";

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {name} {count}
    </button>
  );
}

const page = (parts: ReactNode) => (
  <main>
    <h1>Page</h1>
    {parts}
  </main>
);

const root = bareRoots();

describe("parts hydrated in turn", () => {
  it("nests each part in the one before it, so that each hydrates in a commit after the last, and adds no element", () => {
    const html = renderToString(
      page(
        <HydratedInTurn>
          <Counter name="first" />
          <Counter name="second" />
        </HydratedInTurn>,
      ),
    );
    // <!--$--> opens a Suspense boundary, whose content React hydrates after what is around it.
    expect(html).toMatch(
      /^<main><h1>Page<\/h1><!--\$--><button[^>]*>first[^]*?<\/button><!--\$--><button[^>]*>second[^]*?<\/button><!--\/\$--><!--\/\$--><\/main>$/,
    );
  });

  it("hydrates every part of the server's page, which then answers presses", async () => {
    const parts = (
      <HydratedInTurn>
        <Counter name="first" />
        <Counter name="second" />
      </HydratedInTurn>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(page(parts));
    document.body.append(container);
    const serverButton = container.querySelectorAll("button")[1];
    const recovered = vi.fn();
    await act(async () => {
      root.current = hydrateRoot(container, page(parts), { onRecoverableError: recovered });
    });
    await userEvent.click(screen.getByRole("button", { name: "second 0" }));
    expect(screen.getByRole("button", { name: "second 1" })).toBe(serverButton);
    // Hydrated, not drawn again: a mismatch would have been reported and the part rendered anew.
    expect(recovered).not.toHaveBeenCalled();
    container.remove();
  });

  it("keeps the state of a part when one before it shows nothing for a while (an empty fragment holds its place)", async () => {
    function Page() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((s) => !s)}>
            Toggle
          </button>
          <HydratedInTurn>
            <>{shown && <p>Row</p>}</>
            <Counter name="results" />
          </HydratedInTurn>
        </>
      );
    }
    render(<Page />);
    await userEvent.click(screen.getByRole("button", { name: "results 0" }));
    await userEvent.click(screen.getByRole("button", { name: "Toggle" }));
    expect(screen.queryByText("Row")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "results 1" })).toBeInTheDocument();
  });
});
