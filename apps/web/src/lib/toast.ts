import type { VariantType } from "notistack";

let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the Toaster once notistack's provider exists. */
export function toasterMounted(): void {
  markReady();
}

/**
 * Shows a toast. notistack and its provider load after the first render (they are not needed to
 * draw a page), so a toast raised before that waits for them.
 */
export function toast(message: string, variant: VariantType = "default"): void {
  void toasterReady.then(() => import("notistack")).then(({ enqueueSnackbar }) => enqueueSnackbar(message, { variant }));
}
