import { Suspense, type ComponentType } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bareRoots } from "../test/bareRoot";
import { lazyPart, loadParts } from "./lazyPart";

function Panel({ label }: { label: string }) {
  return <button type="button">{label}</button>;
}

// A part of its own for each test: a lazy component, once rendered, keeps what it loaded.
const part = (name: string) => lazyPart(name, () => Promise.resolve({ default: Panel }));

function Page({ part: Part }: { part: ComponentType<{ label: string }> }) {
  return (
    <main>
      <Suspense fallback={<p>Loading</p>}>
        <Part label="Save" />
      </Suspense>
    </main>
  );
}

const root = bareRoots();

describe("a lazily loaded part the server rendered", () => {
  it("renders on the server in one pass once its code is in", async () => {
    const Part = part("lazy-part-server-test");
    await loadParts(["lazy-part-server-test"]);
    expect(renderToString(<Page part={Part} />)).toContain("<button");
  });

  it("is drawn by the browser's first render once its code is in, with no fallback between", async () => {
    // What hydration needs: a part that waits for a promise leaves the server's HTML inert meanwhile,
    // and an update reaching it then makes React draw the page again from the fallback.
    const Part = part("lazy-part-browser-test");
    await loadParts(["lazy-part-browser-test"]);
    const container = document.createElement("div");
    document.body.append(container);
    const made = (root.current = createRoot(container));
    flushSync(() => made.render(<Page part={Part} />));
    expect(container.querySelector("button")).toHaveTextContent("Save");
    expect(container).not.toHaveTextContent("Loading");
  });
});
