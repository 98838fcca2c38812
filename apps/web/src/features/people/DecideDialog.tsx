import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useDecideRequest } from "./hooks";
import { requestSubject, type Deciding } from "./requests";
import { usePeopleError } from "./usePeopleError";
import { toast } from "../../lib/toast";

export const REASON_MAX = 500;

/** Accepts or rejects a request (hr), with an optional reason. */
export function DecideDialog({ deciding, onClose }: { deciding: Deciding; onClose: () => void }) {
  const { t } = useTranslation("people");
  const errorMessage = usePeopleError();
  const decide = useDecideRequest();
  const [reason, setReason] = useState("");
  const { kind, request, decision } = deciding;
  const subject = requestSubject(request);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate(
      { kind, id: request.id, decision, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast(t(`decide.done.${kind}.${decision}`, { subject }), "success");
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="decide-title" aria-describedby="decide-description" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="decide-title">{t(`decide.title.${kind}.${decision}`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText id="decide-description">{t(`decide.description.${kind}.${decision}`, { subject, team: request.team.name })}</DialogContentText>
            {decide.isError && (
              <Alert severity="error" role="alert">
                {errorMessage(decide.error)}
              </Alert>
            )}
            <TextField
              label={t("decide.reason")}
              helperText={t("decide.reasonHint")}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.cancel")}</Button>
          <Button type="submit" variant="contained" color={decision === "reject" ? "error" : "primary"} loading={decide.isPending}>
            {t(`decide.confirm.${decision}`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
