import { z } from "zod";
import { parseMoney } from "./money";

// Apart from money.ts: pages that only show amounts (insights) must not load zod first (size-report).

/** A form's amount field: the text as typed in, minor units out; what is wrong is a MoneyError code. */
export function moneyText(digits: number, options?: { allowZero?: boolean }) {
  return z.string().transform((text, ctx) => {
    const parsed = parseMoney(text, digits, options);
    if (parsed.ok) return parsed.minor;
    ctx.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  });
}
