import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast";
import { useCreatePurchaseRequest } from "./hooks";
import { minorDigits, parseMoney } from "./money";
import { useBudgetError } from "./useBudgetError";

const isHttpLink = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** A member asks for a course or content: title, link, price, reason. */
export function NewRequestDialog({ currency, onClose }: { currency: string; onClose: () => void }) {
  const { t } = useTranslation("budgeting");
  const create = useCreatePurchaseRequest();
  const errorMessage = useBudgetError(currency);
  const [title, setTitle] = useState("");
  const [link, setLink] = useState("");
  const [price, setPrice] = useState("");
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);

  const parsed = parseMoney(price, minorDigits(currency));
  const errors = {
    title: title.trim() === "" ? t("form.titleRequired") : null,
    link: link.trim() !== "" && !isHttpLink(link.trim()) ? t("form.linkInvalid") : null,
    price: parsed.ok ? null : t(`money.${parsed.error}`),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.title || errors.link || !parsed.ok) return;
    create.mutate(
      { title: title.trim(), link: link.trim() || null, price_minor: parsed.minor, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast(t("form.created"), "success");
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-request-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="new-request-title">{t("form.heading")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError && (
              <Alert severity="error" role="alert">
                {errorMessage(create.error)}
              </Alert>
            )}
            <TextField
              label={t("form.title")}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              required
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { maxLength: 300 } }}
              error={touched && Boolean(errors.title)}
              helperText={touched ? errors.title : undefined}
            />
            <TextField
              label={t("form.link")}
              value={link}
              onChange={(e) => setLink(e.target.value)}
              type="url"
              fullWidth
              error={touched && Boolean(errors.link)}
              helperText={touched && errors.link ? errors.link : t("form.linkHelp")}
            />
            <TextField
              label={t("form.price")}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: "decimal" }, input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } }}
              error={touched && Boolean(errors.price)}
              helperText={touched && errors.price ? errors.price : t("form.priceHelp")}
            />
            <TextField
              label={t("form.reason")}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              fullWidth
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("actions.close")}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t("form.submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
