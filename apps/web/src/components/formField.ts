import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * Connects a react-hook-form field to an MUI TextField: value, ref, error state and the
 * translated message of its validation code.
 */
export function fieldProps<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, name: Path<T>, message: (code: string) => string) {
  const { ref, ...rest } = form.register(name);
  const { error } = form.getFieldState(name, form.formState);
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message ? message(error.message) : undefined };
}
