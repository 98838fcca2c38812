import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { DefaultValues, UseFormReturn } from "react-hook-form";
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
import { useErrorMessage } from "../i18n/useErrorMessage";
import { ConfirmDialog } from "./ConfirmDialog";
import { useSchemaForm, type FieldMessages, type FieldRefusal, type FormFields, type FormSchema, type In, type Out } from "./useSchemaForm";

export type { FieldMessages, FieldRefusal, FormFields };

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
  const fields = useSchemaForm(schema, { defaultValues, mode, messages });
  const { form } = fields;
  const { isDirty } = form.formState;
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const [ownRefusal, setRefusal] = useState<unknown>(null);
  const refusal = callerError ?? ownRefusal;

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
          {children(fields)}
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
