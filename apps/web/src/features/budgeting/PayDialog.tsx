import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { PayPurchaseRequest } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";

const today = () => new Date().toISOString().slice(0, 10);
// The form always holds a day (today by default); the contract's rule for it is the server's.
const PayForm = PayPurchaseRequest.required({ paid_at: true });

/** The L&D leader records the payment: a reference (invoice, order number) and the day it was paid. */
export function PayDialog({
  title,
  pending,
  onClose,
  onPay,
}: {
  title: string;
  pending: boolean;
  onClose: () => void;
  onPay: (reference: string, paidAt: string) => void;
}) {
  const { t } = useTranslation("budgeting");
  return (
    <FormDialog
      schema={PayForm}
      defaultValues={{ reference: "", paid_at: today() }}
      title={t("pay.title", { title })}
      submitLabel={t("actions.markPaid")}
      cancelLabel={t("actions.close")}
      messages={{
        reference: { required: t("pay.referenceRequired") },
        paid_at: t("pay.dateRequired"),
      }}
      pending={pending}
      onSubmit={(values) => onPay(values.reference, values.paid_at)}
      onClose={onClose}
    >
      {({ field }) => (
        <>
          <TextField label={t("pay.reference")} required autoFocus fullWidth {...field("reference", t("pay.referenceHelp"))} />
          <TextField label={t("pay.paidAt")} type="date" required fullWidth {...field("paid_at")} slotProps={{ inputLabel: { shrink: true } }} />
        </>
      )}
    </FormDialog>
  );
}
