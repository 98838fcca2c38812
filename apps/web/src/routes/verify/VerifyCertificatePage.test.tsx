import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import i18next from "i18next";
import { PublicCertificate } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, serveFetch, signedIn } from "../../test/render";

// /verify/:code, the public page that confirms what a certificate states.

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

const CODE = "7KX2M9QPTW4H";
const certificate = (overrides: Partial<PublicCertificate> = {}): PublicCertificate => ({
  code: CODE,
  kind: "plan",
  title: "Data literacy",
  recipient_name: "Ada Lovelace",
  issuer_name: "Acme",
  skills: ["sql", "databases"],
  completed_at: "2026-11-29T10:00:00.000Z",
  issued_at: "2026-11-29T10:00:00.000Z",
  expires_at: null,
  revoked_at: null,
  status: "valid",
  ...overrides,
});
/** The page's status message once the answer is in (the loading spinner is a status too, without these words). */
const statusSaying = async (text: string) => (await screen.findByText(text)).closest('[role="status"]') as HTMLElement;
const serve = (answer: Parameters<typeof serveFetch>[0][`GET /${string}`]) => serveFetch({ [`GET /api/public/certificates/${CODE}`]: answer });

describe("/verify/:code", () => {
  it("states what the certificate says and that it is valid, without signing in", async () => {
    serve(reply(PublicCertificate, certificate()));
    renderApp(<AppRoutes />, { path: `/verify/${CODE}` });
    expect(await screen.findByRole("heading", { level: 1, name: "Certificate verification" })).toBeInTheDocument();
    expect(await statusSaying("This certificate is valid.")).toBeInTheDocument();
    for (const [term, value] of [
      ["Awarded to", "Ada Lovelace"],
      ["Upskilling plan completed", "Data literacy"],
      ["Completed on", "November 29, 2026"],
      ["Issued by", "Acme"],
      ["Certificate code", CODE],
    ]) {
      expect(screen.getByText(term!).nextElementSibling).toHaveTextContent(value!);
    }
    expect(screen.getByText("databases")).toBeInTheDocument();
  });

  it("says plainly when it was revoked or has expired", async () => {
    serve(reply(PublicCertificate, certificate({ status: "revoked", revoked_at: "2026-12-02T09:00:00.000Z" })));
    renderApp(<AppRoutes />, { path: `/verify/${CODE}`, session: signedIn("member") });
    const status = await statusSaying("This certificate has been revoked by the company that issued it.");
    expect(status).toHaveTextContent("Revoked on December 2, 2026.");
  });

  it("says when it has expired", async () => {
    serve(reply(PublicCertificate, certificate({ status: "expired", expires_at: "2026-12-31T00:00:00.000Z" })));
    renderApp(<AppRoutes />, { path: `/verify/${CODE}` });
    const status = await statusSaying("This certificate has expired.");
    expect(status).toHaveTextContent("It expired on December 31, 2026.");
  });

  it("says no certificate has an unknown code", async () => {
    serve({ status: 404, body: { error: { code: "not_found", message: "Certificate not found" } } });
    renderApp(<AppRoutes />, { path: `/verify/${CODE}` });
    expect(await statusSaying(`No certificate has the code ${CODE}. Check the code and try again.`)).toBeInTheDocument();
  });

  it("speaks Spanish, dates included", async () => {
    await i18next.changeLanguage("es");
    serve(reply(PublicCertificate, certificate({ kind: "path", title: "SQL básico" })));
    renderApp(<AppRoutes />, { path: `/verify/${CODE}` });
    expect(await screen.findByRole("heading", { level: 1, name: "Verificación de certificado" })).toBeInTheDocument();
    expect(await statusSaying("Este certificado es válido.")).toBeInTheDocument();
    expect(screen.getByText("Ruta de aprendizaje completada")).toBeInTheDocument();
    expect(screen.getByText("29 de noviembre de 2026")).toBeInTheDocument();
  });
});
