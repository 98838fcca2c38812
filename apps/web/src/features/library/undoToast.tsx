import Button from "@mui/material/Button";

/**
 * A toast with an undo button (lib/toast's toasts carry text only). notistack is already loaded
 * by the app's toaster on every signed-in page; the toast hides after the spec's 4000 ms.
 */
export function toastWithUndo(message: string, undoLabel: string, onUndo: () => void): void {
  void import("notistack").then(({ enqueueSnackbar, closeSnackbar }) =>
    enqueueSnackbar(message, {
      action: (key) => (
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            closeSnackbar(key);
            onUndo();
          }}
        >
          {undoLabel}
        </Button>
      ),
    }),
  );
}
