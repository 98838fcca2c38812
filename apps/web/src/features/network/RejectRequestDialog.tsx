import { useCallback, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { fieldProps } from "../../components/formField";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useDecidePublishRequest } from "./hooks";
import type { PublishRequest } from "./types";

// The server's RejectRequest: a reason of 1 to 1000 characters is required.
export const RejectReasonForm = z.object({
  reason: z.string().trim().min(1, { message: "reason_required" }).max(1000, { message: "too_long" }),
});

/** The L&D leader rejects a publish request, saying why (POST …/publish-requests/{id}/reject/ {reason}). */
export function RejectRequestDialog({ request, onClose }: { request: PublishRequest | null; onClose: () => void }) {
  const titleId = useId();
  // The last request stays shown while the dialog animates closed.
  const [shown, setShown] = useState(request);
  if (request !== null && request !== shown) setShown(request);
  return (
    <Dialog open={request !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {shown && <RejectReasonBody key={shown.id} request={shown} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function RejectReasonBody({ request, titleId, onClose }: { request: PublishRequest; titleId: string; onClose: () => void }) {
  const { t } = useTranslation("network");
  const errorMessage = useErrorMessage();
  const decide = useDecidePublishRequest();
  const form = useForm({ resolver: zodResolver(RejectReasonForm), defaultValues: { reason: "" } });
  const message = useCallback((code: string) => (code === "reason_required" ? t("requests.reasonRequired") : errorMessage(code)), [t, errorMessage]);
  const submit = form.handleSubmit(({ reason }) =>
    decide.mutate(
      { id: request.id, decision: "reject", reason },
      {
        onSuccess: () => {
          toast(t("requests.rejected", { title: request.collection.title }), "success");
          onClose();
        },
      },
    ),
  );
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "contents" }}>
      <DialogTitle id={titleId}>{t("requests.rejectTitle", { title: request.collection.title })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("requests.rejectText")}</DialogContentText>
        {decide.isError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {errorMessage(decide.error)}
          </Alert>
        )}
        <TextField {...fieldProps(form, "reason", message)} label={t("requests.reason")} required multiline minRows={3} fullWidth autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.cancel")}</Button>
        <Button type="submit" color="error" variant="contained" loading={decide.isPending}>
          {t("requests.reject")}
        </Button>
      </DialogActions>
    </Box>
  );
}
