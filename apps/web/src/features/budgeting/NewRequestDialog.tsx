import { useMemo } from "react";
import { z } from "zod";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { CreatePurchaseRequest } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";
import { toast } from "../../lib/toast";
import { useCreatePurchaseRequest } from "./hooks";
import { MONEY_ERRORS, minorDigits } from "./money";
import { moneyText } from "./moneyText";
import { useBudgetError } from "./useBudgetError";
import { MoneyField } from "../../components/MoneyField";

const rules = CreatePurchaseRequest.shape;
/** The request as typed: the contract's fields, a link that may stay empty, the price as text in the currency's decimals. */
const newRequestForm = (digits: number) =>
  z.object({
    title: rules.title,
    link: z
      .string()
      .trim()
      .pipe(rules.link.unwrap().unwrap().or(z.literal(""))),
    price_minor: moneyText(digits),
    reason: rules.reason,
  });

/** A member asks for a course or content: title, link, price, reason; `initial` prefills what is known (the copilot's item). */
export function NewRequestDialog({ currency, initial, onClose }: { currency: string; initial?: { title: string; link: string }; onClose: () => void }) {
  const { t } = useTranslation("budgeting");
  const create = useCreatePurchaseRequest();
  const errorMessage = useBudgetError(currency);
  const schema = useMemo(() => newRequestForm(minorDigits(currency)), [currency]);
  return (
    <FormDialog
      schema={schema}
      defaultValues={{ title: initial?.title ?? "", link: initial?.link ?? "", price_minor: "", reason: "" }}
      title={t("form.heading")}
      submitLabel={t("form.submit")}
      cancelLabel={t("actions.close")}
      messages={{
        title: { required: t("form.titleRequired") },
        link: t("form.linkInvalid"),
        price_minor: Object.fromEntries(MONEY_ERRORS.map((code) => [code, t(`money.${code}`)])),
      }}
      errorText={errorMessage}
      onSubmit={async ({ title, link, price_minor, reason }) => {
        await create.mutateAsync({ title, link: link || null, price_minor, reason: reason || undefined });
        toast(t("form.created"), "success");
      }}
      onClose={onClose}
    >
      {({ field }) => (
        <>
          <TextField label={t("form.title")} required autoFocus fullWidth {...field("title")} />
          <TextField label={t("form.link")} type="url" fullWidth {...field("link", t("form.linkHelp"))} />
          <MoneyField label={t("form.price")} required fullWidth {...field("price_minor", t("form.priceHelp"))} currency={currency} />
          <TextField label={t("form.reason")} fullWidth multiline minRows={3} {...field("reason")} />
        </>
      )}
    </FormDialog>
  );
}
