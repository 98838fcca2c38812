import { useEffect, useRef } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast";

/** Saves `text` as a file through the browser's download. */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Backup codes, shown once (the server keeps them encrypted and never shows them again): a warning,
 * the codes, copy and download, and the person's word that they saved them.
 */
export function BackupCodes({ codes, email, onDone, headingLevel = "h3" }: { codes: string[]; email: string; onDone: () => void; headingLevel?: "h2" | "h3" }) {
  const { t } = useTranslation("security");
  const heading = useRef<HTMLHeadingElement>(null);
  // They replace the step before: a keyboard or screen reader user starts reading here.
  useEffect(() => heading.current?.focus(), []);
  const text = codes.join("\n");

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => toast(t("setup.codesCopied"), "success"),
      () => toast(t("setup.copyFailed"), "error"),
    );

  return (
    <Stack spacing={2}>
      <Typography ref={heading} tabIndex={-1} variant="h3" component={headingLevel} sx={{ outline: "none" }}>
        {t("setup.codesHeading")}
      </Typography>
      <Alert severity="warning">{t("setup.codesWarning")}</Alert>
      <Box
        component="ol"
        aria-label={t("setup.codesLabel")}
        sx={{
          m: 0,
          p: 2,
          listStyle: "none",
          display: "grid",
          gridTemplateColumns: "repeat(auto-fill, minmax(8.5rem, 1fr))",
          gap: 1,
          fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
          fontSize: "1rem",
          bgcolor: "action.hover",
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
          {t("setup.copyCodes")}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => download(`${t("setup.fileHeader", { email })}\n\n${text}\n`, t("setup.fileName"))}
        >
          {t("setup.download")}
        </Button>
        <Button variant="contained" onClick={onDone} sx={{ ml: { sm: "auto" } }}>
          {t("setup.done")}
        </Button>
      </Box>
    </Stack>
  );
}
