import { understand } from "./understand.ts";

// The copilot's tests' shared words: a company catalog's skills, and a question understood against them.
export const VOCABULARY = [
  "leadership",
  "communication",
  "data analysis",
  "public speaking",
  "sql",
  "python",
  "kubernetes",
  "cloud",
  "negotiation",
  "ux design",
  "career development",
  "excel",
];
export const u = (q: string, locale: "en" | "es" = "en") => understand(q, { locale, vocabulary: VOCABULARY });
/** An hour, in seconds. */
export const H = 3600;
