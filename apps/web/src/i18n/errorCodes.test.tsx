import { afterEach, describe, expect, it } from "vitest";
import { renderHook } from "@testing-library/react";
import i18next from "i18next";
import { ApiError } from "../lib/api";
import { useErrorMessage } from "./useErrorMessage";
import { useBudgetError } from "../features/budgeting/useBudgetError";
import { useAdminError } from "../features/admin/useAdminError";
import { usePeopleError } from "../features/people/usePeopleError";
import { companyServerErrors } from "../features/admin/forms";

// The server's English message is never what a person reads; the code (and its details) is.
const LEAK = "Server wording that must never reach the screen";
const refusal = (code: string, details?: unknown, status = 409) => new ApiError(status, code, LEAK, details);

afterEach(async () => {
  await i18next.changeLanguage("en");
});

async function speak(language: "en" | "es") {
  await i18next.changeLanguage(language);
}

describe("budgeting refusals, by code", () => {
  const cases: [string, unknown, string, string][] = [
    [
      "budget_exceeded",
      { remaining_minor: 10_000, price_minor: 25_000 },
      "Not enough budget left for this request: the team has $100.00 left.",
      "No queda presupuesto suficiente para esta solicitud: al equipo le quedan 100,00 US$.",
    ],
    [
      "allocations_exceed_budget",
      { available_minor: 400_000 },
      "Allocations can't add up to more than the budget: $4,000.00 is available for this team.",
      "Las asignaciones no pueden superar el presupuesto: hay 4000,00 US$ disponibles para este equipo.",
    ],
    ["allocation_below_committed", { used_minor: 2_500 }, "The team has already reserved or spent $25.00.", "El equipo ya ha reservado o gastado 25,00 US$."],
    [
      "budget_below_allocated",
      { allocated_minor: 700_000 },
      "The budget can't be less than what is already allocated to teams ($7,000.00).",
      "El presupuesto no puede ser menor que lo ya asignado a los equipos (7000,00 US$).",
    ],
    [
      "team_budget_missing",
      undefined,
      "The team has no budget allocated for this period yet.",
      "El equipo aún no tiene presupuesto asignado para este periodo.",
    ],
    [
      "request_without_team",
      undefined,
      "This request has no team, so there is no team budget to reserve it against.",
      "Esta solicitud no tiene equipo, así que no hay presupuesto de equipo contra el que reservarla.",
    ],
    ["budget_period_taken", undefined, "There is already a budget for that period.", "Ya hay un presupuesto para ese periodo."],
    [
      "team_required",
      undefined,
      "Join a team first: requests are paid from a team's budget.",
      "Únete antes a un equipo: las solicitudes se pagan con el presupuesto de un equipo.",
    ],
    [
      "request_already_decided",
      { status: "approved" },
      "This request has already been decided. The list now shows its decision.",
      "Esta solicitud ya se ha decidido. La lista muestra ahora su decisión.",
    ],
  ];
  for (const [code, details, en, es] of cases) {
    it(`${code} in English and Spanish, with its amount`, async () => {
      const { result, rerender } = renderHook(() => useBudgetError("USD"));
      expect(result.current(refusal(code, details))).toBe(en);
      await speak("es");
      rerender();
      expect(result.current(refusal(code, details)).replace(/\u00a0/g, " ")).toBe(es);
    });
  }
});

describe("admin refusals, by code", () => {
  const cases: [string, unknown, number, string, string][] = [
    [
      "cannot_change_own_account",
      undefined,
      409,
      "You can't deactivate your own account or give up your own admin role.",
      "No puedes desactivar tu propia cuenta ni renunciar a tu propio rol de administrador.",
    ],
    [
      "company_required",
      undefined,
      400,
      "Only platform admins can be without a company: choose one.",
      "Solo los administradores de la plataforma pueden no tener empresa: elige una.",
    ],
    [
      "operator_has_company",
      undefined,
      400,
      "A platform admin belongs to no company: choose “No company” to make someone an admin.",
      "Un administrador de la plataforma no pertenece a ninguna empresa: elige «Sin empresa» para hacer administrador a alguien.",
    ],
    ["company_domain_taken", undefined, 409, "Another company already has this domain.", "Otra empresa ya tiene este dominio."],
    [
      "invitation_already_accepted",
      undefined,
      409,
      "This invitation was already accepted: the account exists.",
      "Esta invitación ya se aceptó: la cuenta existe.",
    ],
    ["invitation_not_found", undefined, 404, "Nobody was invited with this address.", "No se invitó a nadie con esta dirección."],
    ["company_not_found", undefined, 404, "This company no longer exists.", "Esta empresa ya no existe."],
    [
      "budget_below_allocated",
      { allocated_minor: 700_000 },
      409,
      "The budget can't be less than the $7,000.00 already allocated to teams.",
      "El presupuesto no puede ser menor que los 7000,00 US$ ya repartidos entre equipos.",
    ],
  ];
  for (const [code, details, status, en, es] of cases) {
    it(`${code} in English and Spanish`, async () => {
      const { result, rerender } = renderHook(() => useAdminError("USD"));
      expect(result.current(refusal(code, details, status))).toBe(en);
      await speak("es");
      rerender();
      expect(result.current(refusal(code, details, status)).replace(/\u00a0/g, " ")).toBe(es);
    });
  }

  it("puts a taken domain under the domain field, whatever the message says", () => {
    expect(companyServerErrors(refusal("company_domain_taken"))).toEqual({ domain: "domainTaken" });
    expect(companyServerErrors(new ApiError(409, "conflict", "A company with this domain already exists"))).toEqual({});
  });
});

describe("people refusals, by code", () => {
  const cases: [string, string, string][] = [
    ["team_name_taken", "A team with this name already exists.", "Ya existe un equipo con este nombre."],
    [
      "team_not_empty",
      "Only an empty team can be deleted: move its people (including deactivated accounts) to another team first.",
      "Solo se puede eliminar un equipo vacío: mueve antes a sus personas (también las cuentas desactivadas) a otro equipo.",
    ],
    [
      "request_already_decided",
      "This request has already been decided. The list now shows its decision.",
      "Esta solicitud ya se ha decidido. La lista muestra ahora su decisión.",
    ],
    ["removal_already_pending", "A removal request for this person is already pending.", "Ya hay una solicitud de baja pendiente para esta persona."],
    [
      "invitation_already_accepted",
      "This invitation was already accepted: the person has an account.",
      "Esta invitación ya se aceptó: la persona tiene una cuenta.",
    ],
  ];
  for (const [code, en, es] of cases) {
    it(`${code} in English and Spanish`, async () => {
      const { result, rerender } = renderHook(() => usePeopleError());
      expect(result.current(refusal(code))).toBe(en);
      await speak("es");
      rerender();
      expect(result.current(refusal(code))).toBe(es);
    });
  }

  it("a plain conflict is not mistaken for one of these", () => {
    const { result } = renderHook(() => usePeopleError());
    expect(result.current(refusal("conflict"))).toBe("This was changed by someone else. Reload and try again.");
  });
});

describe("any screen's error message", () => {
  it("translates the new codes in both languages", async () => {
    const { result, rerender } = renderHook(() => useErrorMessage());
    expect(result.current(refusal("already_in_collection"))).toBe("This content is already in the collection.");
    await speak("es");
    rerender();
    expect(result.current(refusal("already_in_collection"))).toBe("Este contenido ya está en la colección.");
  });

  it("shows the translation of a known code, not the server's message", () => {
    const { result } = renderHook(() => useErrorMessage());
    expect(result.current(refusal("team_not_chosen", undefined, 400))).toBe("Pick a team first.");
  });
});
