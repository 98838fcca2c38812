import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { bareRoots } from "../test/bareRoot";
import { AfterHydration, DisabledUntilHydrated, RenderHintsProvider, useCookieBoolean, type RenderHints } from "./renderHints";

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

function Drawer() {
  const [collapsed] = useCookieBoolean("learnward_drawer_collapsed", false);
  return <nav aria-label={collapsed ? "Collapsed menu" : "Menu"} />;
}

describe("a preference kept in a cookie", () => {
  it("is read from the request on the server, and hydrated from what the server read, not from document.cookie", async () => {
    const server: RenderHints = { phone: false, cookie: "session=secret; learnward_drawer_collapsed=true", preferences: {} };
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <RenderHintsProvider value={server}>
        <Drawer />
      </RenderHintsProvider>,
    );
    document.body.append(container);
    expect(container.querySelector("nav")).toHaveAttribute("aria-label", "Collapsed menu");
    // Only the preference goes to the page, never the request's other cookies.
    expect(server.preferences).toEqual({ learnward_drawer_collapsed: "true" });

    // Reading document.cookie is a synchronous call to the browser's network process.
    const cookieRead = vi.spyOn(document, "cookie", "get");
    await act(async () => {
      root.current = hydrateRoot(
        container,
        <RenderHintsProvider value={{ phone: false, preferences: JSON.parse(JSON.stringify(server.preferences)) as RenderHints["preferences"] }}>
          <Drawer />
        </RenderHintsProvider>,
      );
    });
    expect(container.querySelector("nav")).toHaveAttribute("aria-label", "Collapsed menu");
    expect(cookieRead).not.toHaveBeenCalled();
  });
});
