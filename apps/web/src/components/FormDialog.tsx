import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../i18n/useErrorMessage";
import { ConfirmDialog } from "./ConfirmDialog";
import { issueCode, maxLengthOf } from "./formRules";

// A schema whose input is the form's values (strings as typed) and whose output is what is sent.
type FormSchema = z.ZodType<FieldValues, FieldValues>;
type In<S extends FormSchema> = z.input<S>;
type Out<S extends FormSchema> = z.output<S>;

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
}

export interface FormDialogProps<S extends FormSchema> {
  /** Defaults to open: most dialogs are mounted only while shown. */
  open?: boolean;
  /** The contracts' request schema (picked or extended for what the form holds): limits and rules live there. */
  schema: S;
  defaultValues: DefaultValues<In<S>>;
  title: ReactNode;
  /** A sentence under the title saying what the form does. */
  description?: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  submitColor?: "primary" | "error";
  /** When fields are checked: on submit (then on each change), or from the first keystroke. */
  mode?: "onSubmit" | "onChange";
  maxWidth?: "xs" | "sm" | "md";
  /** Takes the whole screen of a phone (long forms). */
  fullScreenOnPhone?: boolean;
  /**
   * Sends the form. When it returns a promise the dialog shows itself busy, closes once it resolves
   * and shows the refusal when it rejects. When it returns nothing the caller closes the dialog and
   * tells the outcome (and says it is busy with `pending`).
   */
  onSubmit: (values: Out<S>, form: UseFormReturn<In<S>, unknown, Out<S>>) => Promise<unknown> | void;
  pending?: boolean;
  /** The last refusal, when the caller sends (and so holds it). */
  error?: unknown;
  /** A server refusal in words (the module's error-text hook); the app's usual messages by default. */
  errorText?: (error: unknown) => string;
  /** Picks out the refusals that belong to one field. */
  fieldRefusal?: (error: unknown) => FieldRefusal<S> | null;
  /** The form's own words for validation codes, per field (`{ reason: { required: "Say why" } }`). */
  messages?: FieldMessages<S>;
  onClose: () => void;
  /** Asks before Escape, a click outside or Cancel throws a changed form away (long forms). */
  discard?: { title: string; text: string; confirm: string; cancel: string };
  children: (fields: FormFields<S>) => ReactNode;
}

/**
 * The one shape of a dialog form: a title, the fields, the server's refusal by its code, Cancel and
 * a busy submit button. react-hook-form checks the values with the contracts' schema, so the limits
 * and rules are the server's own; the first wrong field takes the focus.
 */
export function FormDialog<S extends FormSchema>(props: FormDialogProps<S>) {
  const titleId = useId();
  const descriptionId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  const dirty = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const { discard, onClose } = props;
  const dismiss = () => (discard && dirty.current ? setConfirming(true) : onClose());
  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  return (
    <>
      <Dialog
        open={props.open ?? true}
        onClose={dismiss}
        aria-labelledby={titleId}
        aria-describedby={props.description ? descriptionId : undefined}
        fullWidth
        maxWidth={props.maxWidth ?? "sm"}
        fullScreen={Boolean(props.fullScreenOnPhone) && phone}
      >
        {/* Inside the Dialog: unmounted while closed, so each opening starts a fresh form. */}
        <FormBody {...props} titleId={titleId} descriptionId={descriptionId} onCancel={dismiss} onDirty={onDirty} />
      </Dialog>
      {discard && (
        <ConfirmDialog
          open={confirming}
          title={discard.title}
          text={discard.text}
          confirm={discard.confirm}
          cancel={discard.cancel}
          error={null}
          pending={false}
          onConfirm={() => {
            setConfirming(false);
            dirty.current = false;
            onClose();
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

function FormBody<S extends FormSchema>({
  titleId,
  descriptionId,
  schema,
  defaultValues,
  title,
  description,
  submitLabel,
  cancelLabel,
  submitColor = "primary",
  mode = "onSubmit",
  onSubmit,
  pending,
  error: callerError,
  errorText,
  fieldRefusal,
  messages,
  onClose,
  onCancel,
  onDirty,
  children,
}: FormDialogProps<S> & { titleId: string; descriptionId: string; onCancel: () => void; onDirty: (dirty: boolean) => void }) {
  const usual = useErrorMessage();
  const { i18n } = useTranslation("errors");
  // Validation issues become codes ("required", "too_long"): the messages are translated, not zod's English.
  const form = useForm<In<S>, unknown, Out<S>>({ resolver: zodResolver(schema, { error: issueCode }), defaultValues, mode });
  const { isDirty } = form.formState;
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const [ownRefusal, setRefusal] = useState<unknown>(null);
  const refusal = callerError ?? ownRefusal;

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
    const message = errorOf(name);
    const maxLength = maxLengthOf(schema, name);
    return {
      ...rest,
      inputRef: ref,
      error: message !== undefined,
      helperText: message ?? hint,
      slotProps: { htmlInput: maxLength === undefined ? {} : { maxLength } },
    };
  };

  const control: FormFields<S>["control"] = (name) => ({
    value: form.watch(name),
    onChange: (value) => form.setValue(name, value as PathValue<In<S>, typeof name>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  });

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const sent = onSubmit(values, form);
    if (!sent) return;
    try {
      await sent;
    } catch (error) {
      const onField = fieldRefusal?.(error);
      if (onField) form.setError(onField.field, { type: "server", message: onField.message }, { shouldFocus: true });
      else setRefusal(error);
      return;
    }
    onClose();
  });

  return (
    // display: contents keeps the Dialog's layout: the title and buttons stay put while the fields scroll.
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: "contents" }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {description && <DialogContentText id={descriptionId}>{description}</DialogContentText>}
          {refusal !== null && refusal !== undefined && (
            <Alert severity="error" role="alert">
              {(errorText ?? usual)(refusal)}
            </Alert>
          )}
          {children({ form, field, control, errorOf })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button type="submit" variant="contained" color={submitColor} loading={pending ?? form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}
