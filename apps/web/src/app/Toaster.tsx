import { useEffect } from "react";
import { SnackbarProvider } from "notistack";
import { TOAST_AUTO_HIDE_MS, TOAST_MAX } from "@learnward/contracts";
import { toasterMounted } from "../lib/toast";

/** spec §2/§9: the toast area at top right; toasts hide after 4000 ms, at most 5 at once. */
export default function Toaster() {
  useEffect(toasterMounted, []);
  return <SnackbarProvider maxSnack={TOAST_MAX} autoHideDuration={TOAST_AUTO_HIDE_MS} anchorOrigin={{ vertical: "top", horizontal: "right" }} />;
}
