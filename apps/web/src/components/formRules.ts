import { z } from "zod";

type Issue = z.core.$ZodRawIssue;

/**
 * A zod issue as a validation code the errors namespace translates: the form's messages come from
 * the contracts' rules without zod's English. A rule's own message (a code such as "weak_password")
 * wins over this map.
 */
export function issueCode(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null || issue.input === "" ? "required" : "invalid";
    case "too_small":
      return Number(issue.minimum) <= 1 && (issue.origin === "string" || issue.origin === "array") ? "required" : "invalid";
    case "too_big":
      return issue.origin === "string" ? "too_long" : "invalid";
    case "invalid_format":
      return issue.format === "url" ? "invalid_url" : issue.format === "email" ? "invalid_email" : "invalid";
    default:
      return "invalid";
  }
}

interface Def {
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  checks?: { _zod: { def: { check?: string; maximum?: number } } }[];
}

/** The most characters (of a text) or entries (of a list) a schema takes, if it says: optional, nullable, defaulted or piped ones too. */
export function maxOf(schema: z.ZodType | undefined, depth = 0): number | undefined {
  if (!schema || depth > 5) return undefined;
  const def = schema._zod.def as Def;
  const max = def.checks?.find((check) => check._zod.def.check === "max_length")?._zod.def.maximum;
  if (typeof max === "number") return max;
  return (
    maxOf(def.innerType, depth + 1) ??
    maxOf(def.in, depth + 1) ??
    maxOf(def.out, depth + 1) ??
    def.options?.map((option) => maxOf(option, depth + 1)).find((n) => n !== undefined)
  );
}

/** The longest text the schema takes for one of its fields. */
export function maxLengthOf(schema: z.ZodType, name: string): number | undefined {
  return maxOf((schema as unknown as { shape?: Record<string, z.ZodType> }).shape?.[name]);
}

/** A text field that must be filled before the contract's own rule for it applies (an empty address reads "Required"). */
export function filled<T extends z.ZodType<unknown, string>>(rule: T) {
  return z.string().trim().min(1).pipe(rule);
}
