import { useEffect } from "react";
import { styled } from "@mui/material/styles";
import { MaterialDesignContent, SnackbarProvider } from "notistack";
import { TOAST_AUTO_HIDE_MS, TOAST_MAX } from "@learnward/contracts";
import { toasterMounted } from "../lib/toast";

/**
 * notistack's own colours put white text on light green, orange and blue (2.1:1 to 3.3:1);
 * these give every variant at least 4.5:1 (WCAG AA).
 */
const ToastContent = styled(MaterialDesignContent)(({ theme }) => ({
  "&.notistack-MuiContent-success": { backgroundColor: theme.palette.success.dark, color: theme.palette.common.white },
  "&.notistack-MuiContent-error": { backgroundColor: theme.palette.error.dark, color: theme.palette.common.white },
  "&.notistack-MuiContent-warning": { backgroundColor: theme.palette.warning.main, color: theme.palette.common.white },
  "&.notistack-MuiContent-info": { backgroundColor: theme.palette.info.dark, color: theme.palette.common.white },
  "&.notistack-MuiContent-default": { backgroundColor: theme.palette.grey[900], color: theme.palette.common.white },
}));
const COMPONENTS = { success: ToastContent, error: ToastContent, warning: ToastContent, info: ToastContent, default: ToastContent };

/** spec §2/§9: the toast area at top right; toasts hide after 4000 ms, at most 5 at once. */
export default function Toaster() {
  useEffect(toasterMounted, []);
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: "top", horizontal: "right" }}
      Components={COMPONENTS}
    />
  );
}
