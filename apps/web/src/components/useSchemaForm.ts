import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../i18n/useErrorMessage";
import { issueCode, maxLengthOf } from "./formRules";

// A schema whose input is the form's values (strings as typed) and whose output is what is sent.
export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type In<S extends FormSchema> = z.input<S>;
export type Out<S extends FormSchema> = z.output<S>;

/**
 * What a field shows when it is wrong: the form's own words for a validation code (or one text for
 * any of them), else the app's usual words for the code.
 */
export type FieldMessages<S extends FormSchema> = Partial<Record<Path<In<S>>, string | Partial<Record<string, string>>>>;

/** A server refusal that is about one field: shown under it, and the field takes the focus. */
export interface FieldRefusal<S extends FormSchema> {
  field: Path<In<S>>;
  message: string;
}

export interface FormFields<S extends FormSchema> {
  form: UseFormReturn<In<S>, unknown, Out<S>>;
  /**
   * A text field's props: registered with the form, its error in words, `hint` when there is none,
   * and the schema's length limit on the input.
   */
  field: (
    name: Path<In<S>>,
    hint?: ReactNode,
  ) => {
    name: string;
    onChange: (event: { target: unknown; type?: unknown }) => Promise<boolean | void>;
    onBlur: (event: { target: unknown; type?: unknown }) => Promise<boolean | void>;
    inputRef: (instance: HTMLInputElement | null) => void;
    error: boolean;
    helperText: ReactNode;
    slotProps: { htmlInput: { maxLength?: number } };
  };
  /**
   * A picker's value and change handler (selects, autocompletes), kept in the form. A picker offers
   * only its options; the schema checks what it chose like any typed value.
   */
  control: <P extends Path<In<S>>>(name: P) => { value: PathValue<In<S>, P>; onChange: (value: unknown) => void };
  /** The words for a field's current error, if it has one. */
  errorOf: (name: Path<In<S>>) => string | undefined;
  /** The validation code a field failed with (from the schema or the form's own checks), if any. */
  codeOf: (name: Path<In<S>>) => string | undefined;
}

/**
 * A react-hook-form form checked with a contracts' schema: validation issues become codes
 * ("required", "too_long") translated here, never zod's English; text fields get the schema's
 * length limit. FormDialog is built on it; a form on a page uses it directly.
 */
export function useSchemaForm<S extends FormSchema>(
  schema: S,
  { defaultValues, mode = "onSubmit", messages }: { defaultValues: DefaultValues<In<S>>; mode?: "onSubmit" | "onChange"; messages?: FieldMessages<S> },
): FormFields<S> {
  const usual = useErrorMessage();
  const { i18n } = useTranslation("errors");
  const form = useForm<In<S>, unknown, Out<S>>({ resolver: zodResolver(schema, { error: issueCode }), defaultValues, mode });

  const errorOf = (name: Path<In<S>>) => {
    const { error } = form.getFieldState(name, form.formState);
    const code = error?.message;
    if (!code) return undefined;
    if (error.type === "server") return code;
    const own: string | Partial<Record<string, string>> | undefined = messages?.[name];
    if (typeof own === "string") return own;
    // A rule with its own English message (not a code) reads as the usual "check this value".
    return own?.[code] ?? usual(i18n.exists(code, { ns: "errors" }) ? code : "invalid");
  };

  const field: FormFields<S>["field"] = (name, hint) => {
    const { ref, ...rest } = form.register(name);
    const shown = errorOf(name);
    const maxLength = maxLengthOf(schema, name);
    return {
      ...rest,
      inputRef: ref,
      error: shown !== undefined,
      helperText: shown ?? hint,
      slotProps: { htmlInput: maxLength === undefined ? {} : { maxLength } },
    };
  };

  const control: FormFields<S>["control"] = (name) => ({
    value: form.watch(name),
    onChange: (value) => form.setValue(name, value as PathValue<In<S>, typeof name>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  });

  // react-hook-form keeps a field's failure in `message`: for the schema's checks that is our code
  // (issueCode above), never a server's words.
  const codeOf = (name: Path<In<S>>) => {
    const { error } = form.getFieldState(name, form.formState);
    return error?.message;
  };

  return { form, field, control, errorOf, codeOf };
}
