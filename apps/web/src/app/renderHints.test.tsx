import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bareRoots } from "../test/bareRoot";
import { AfterHydration, DisabledUntilHydrated } from "./renderHints";

function Bar({ onRender }: { onRender: () => void }) {
  onRender();
  return (
    <header>
      <a href="/">Learnward</a>
      <AfterHydration>
        <button type="button">Notifications</button>
      </AfterHydration>
    </header>
  );
}

const root = bareRoots();

describe("a part only the browser shows", () => {
  it("is left out of the server's render and appears once the page is hydrated, without drawing its surroundings again", async () => {
    let renders = 0;
    const count = () => void renders++;
    const html = renderToString(<Bar onRender={count} />);
    expect(html).not.toContain("Notifications");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    renders = 0;
    await act(async () => {
      root.current = hydrateRoot(container, <Bar onRender={count} />);
    });
    expect(container.querySelector("button")).toHaveTextContent("Notifications");
    // Hydration draws the bar once; the re-render that shows the part is the part's alone.
    expect(renders).toBe(1);
  });
});

function SignInForm({ onRender }: { onRender: () => void }) {
  onRender();
  return (
    <form method="post">
      <input name="email" aria-label="Email" />
      <DisabledUntilHydrated>
        <button type="submit">Continue</button>
      </DisabledUntilHydrated>
    </form>
  );
}

describe("a form's submit button until the page is hydrated", () => {
  it("does nothing in the server's page, and answers once hydrated without drawing the form again", async () => {
    let renders = 0;
    const count = () => void renders++;
    const container = document.createElement("div");
    container.innerHTML = renderToString(<SignInForm onRender={count} />);
    document.body.append(container);
    // Disabled, the button neither submits nor lets Enter in a field submit the form natively.
    expect(container.querySelector("button")).toBeDisabled();
    renders = 0;
    await act(async () => {
      root.current = hydrateRoot(container, <SignInForm onRender={count} />);
    });
    expect(container.querySelector("button")).toBeEnabled();
    expect(renders).toBe(1);
  });
});
