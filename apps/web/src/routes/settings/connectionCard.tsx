import { expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { z } from "zod";
import { AppRoutes } from "../../app/router";
import type { Role } from "@learnward/contracts";
import { renderApp, reply, signedIn } from "../../test/render";
import { serveSettings } from "./testing";

type Section = ReturnType<typeof within>;

/**
 * What every connection card on hr's /setting does with its connection at `path`: nothing at all for
 * `refused` (not even reading it), and for hr a spinner named `loading` while the answer waits, and a
 * failed read shown in the card with a button that reads it again, after which the card shows what
 * `loaded` looks for in the `saved` connection.
 */
export function itShowsConnectionToHrOnly<S extends z.ZodType>({
  path,
  section: sectionId,
  refused,
  heading,
  loading,
  schema,
  saved,
  loaded,
}: {
  path: `/${string}`;
  /** The section's id on /setting (its heading's). */
  section: string;
  refused: Role;
  heading: string;
  loading: string;
  schema: S;
  saved: z.input<S>;
  loaded: (section: Section) => Promise<void>;
}) {
  const card = async () => within((await screen.findByRole("heading", { name: heading })).closest("section")!);

  it("is not offered to anyone else", async () => {
    const { calls } = serveSettings();
    // Even asked for by its address, the page shows its first section instead.
    renderApp(<AppRoutes />, { path: `/setting#${sectionId}`, session: signedIn(refused) });
    // The first page of a file loads cold: on a busy machine that is past the 5 s default.
    expect(await screen.findByRole("heading", { name: "Personal Profile" }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: heading })).not.toBeInTheDocument();
    expect(calls().map((c) => c.call)).not.toContain(`GET ${path}`);
  });

  it("says that it is loading while the connection is read", async () => {
    serveSettings({ [`GET ${path}` as const]: { never: true } });
    renderApp(<AppRoutes />, { path: `/setting#${sectionId}`, session: signedIn("hr") });
    const section = await card();
    expect(section.getByRole("status")).toContainElement(section.getByRole("progressbar", { name: loading }));
  });

  it("shows a failed read with a button that reads it again", async () => {
    let fail = true;
    serveSettings({
      [`GET ${path}` as const]: () => (fail ? { status: 500, body: { error: { code: "internal", message: "down" } } } : reply(schema, saved)),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: `/setting#${sectionId}`, session: signedIn("hr") });
    const section = await card();
    expect(await section.findByRole("alert")).toHaveTextContent("We had a error");
    fail = false;
    await user.click(section.getByRole("button", { name: "Try again" }));
    await loaded(section);
    expect(section.queryByRole("alert")).not.toBeInTheDocument();
  });
}
