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

interface Wrapped {
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

/** The longest text the schema takes for one field (`maxLength` of its string), if it says. */
export function maxLengthOf(schema: z.ZodType, name: string): number | undefined {
  const shape = (schema as unknown as Wrapped).shape;
  let node: unknown = shape?.[name];
  // Optional, nullable, defaulted or piped strings keep their limit on the string inside.
  for (let depth = 0; node && depth < 5; depth++) {
    const max = (node as { maxLength?: unknown }).maxLength;
    if (typeof max === "number") return max;
    const def = (node as { _zod?: { def?: Wrapped } })._zod?.def;
    node = def?.innerType ?? def?.in;
  }
  return undefined;
}

/** A text field that must be filled before the contract's own rule for it applies (an empty address reads "Required"). */
export function filled<T extends z.ZodType<unknown, string>>(rule: T) {
  return z.string().trim().min(1).pipe(rule);
}
