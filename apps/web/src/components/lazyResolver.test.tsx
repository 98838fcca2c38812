import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Resolver } from "react-hook-form";
import { lazyResolver, preloadOnInput } from "./lazyResolver";

describe("a form's lazily loaded checks", () => {
  it("start loading at the first key pressed in the form, once, and not as it opens", async () => {
    const check: Resolver<{ email: string }> = async (values) => ({ values, errors: {} });
    const load = vi.fn(() => Promise.resolve(check));
    const resolver = lazyResolver(load);
    render(
      <form {...preloadOnInput(resolver)}>
        <label>
          Email
          <input name="email" autoFocus />
        </label>
        <button type="button">Continue</button>
      </form>,
    );
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveFocus();
    expect(load).not.toHaveBeenCalled();

    await userEvent.keyboard("a@b");
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("start loading at a press in the form (a password manager fills it without a key)", async () => {
    const load = vi.fn(() => Promise.resolve<Resolver<{ email: string }>>(async (values) => ({ values, errors: {} })));
    const resolver = lazyResolver(load);
    render(
      <form {...preloadOnInput(resolver)}>
        <button type="button">Sign in</button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
