import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import TextField from "@mui/material/TextField";
import { RejectPurchaseRequest } from "@learnward/contracts";
import { ApiError } from "../lib/api";
import { renderApp } from "../test/render";
import { FormDialog, type FormDialogProps } from "./FormDialog";

type Form = Pick<FormDialogProps<typeof RejectPurchaseRequest>, "messages" | "fieldRefusal" | "children">;

/** A required, described reason with its own words for a blank one. */
const requiredReason: Form = {
  messages: { reason: { required: "Say why the request is rejected" } },
  children: ({ field }) => <TextField label="Reason" required multiline {...field("reason", "The requester reads it")} />,
};

/** The dialog that rejects a purchase request, with this form inside. */
function renderDialog(onSubmit: (values: { reason: string }) => Promise<unknown>, onClose = vi.fn(), form: Form = requiredReason) {
  renderApp(
    <FormDialog
      schema={RejectPurchaseRequest}
      defaultValues={{ reason: "" }}
      title="Reject the request"
      submitLabel="Reject"
      cancelLabel="Cancel"
      {...form}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { dialog: screen.getByRole("dialog", { name: "Reject the request" }), onClose };
}

describe("FormDialog", () => {
  it("checks the values with the contract's schema: a blank reason is refused in words, focused, and nothing is sent", async () => {
    const user = userEvent.setup();
    const send = vi.fn((_values: { reason: string }) => Promise.resolve());
    const { dialog } = renderDialog(send);
    const reason = within(dialog).getByLabelText(/^Reason/);
    expect(within(dialog).getByText("The requester reads it")).toBeInTheDocument();
    // The contract's limit (max 1000) reaches the input without the dialog repeating it.
    expect(reason).toHaveAttribute("maxlength", "1000");

    await user.type(reason, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Say why the request is rejected")).toBeInTheDocument();
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(send).not.toHaveBeenCalled();
  });

  it("sends what the schema outputs (trimmed) and closes once the server has answered", async () => {
    const user = userEvent.setup();
    const send = vi.fn((_values: { reason: string }) => Promise.resolve());
    const { dialog, onClose } = renderDialog(send);
    await user.type(within(dialog).getByLabelText(/^Reason/), "  Over budget  ");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toEqual({ reason: "Over budget" });
  });

  it("shows the server's refusal by its code, translated, and stays open", async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.reject(new ApiError(409, "request_already_decided", "Someone else decided it (server words)")));
    const { dialog, onClose } = renderDialog(send);
    await user.type(within(dialog).getByLabelText(/^Reason/), "Over budget");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).not.toHaveTextContent("server words");
    expect(alert).toHaveTextContent("This request has already been decided. The list now shows its decision.");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts a refusal about one field under that field and gives it the focus", async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog(() => Promise.reject(new ApiError(400, "validation_error", "Invalid body")), vi.fn(), {
      fieldRefusal: (error) => (error instanceof ApiError && error.code === "validation_error" ? { field: "reason", message: "Say it differently" } : null),
      children: ({ field }) => <TextField label="Reason" {...field("reason")} />,
    });
    await user.type(within(dialog).getByLabelText("Reason"), "Over budget");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Say it differently")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Reason")).toHaveFocus();
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
