import { useId, useRef, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import { useTranslation } from "react-i18next";
import { IMPORT_MAX_BYTES, type ImportContentResponse } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { useImportContent } from "./hooks";
import type { ImportContent } from "./api";

export const IMPORT_HEADING_ID = "import-library-heading";
const SKIPS_SHOWN = 5;

/**
 * Settings → bring a library in from a browser's bookmark file or a CSV (Pocket, Raindrop), and
 * take it out again in the same formats.
 */
export function ImportLibrary() {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const importing = useImportContent();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileHelp = useId();
  const [format, setFormat] = useState<ImportContent["format"]>("bookmarks_html");
  const [file, setFile] = useState<File | null>(null);
  const [isPrivate, setPrivate] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportContentResponse | null>(null);

  const choose = (chosen: File | null) => {
    setResult(null);
    importing.reset();
    setProblem(chosen && chosen.size > IMPORT_MAX_BYTES ? t("import.tooBig") : null);
    setFile(chosen);
    // A CSV chosen while the bookmark format is selected is most likely a CSV.
    if (chosen?.name.toLowerCase().endsWith(".csv")) setFormat("csv");
    else if (chosen && /\.html?$/i.test(chosen.name)) setFormat("bookmarks_html");
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!file) {
      setProblem(t("import.noFile"));
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) return;
    const content = await file.text();
    importing.mutate({ format, content, is_private: isPrivate }, { onSuccess: setResult });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={IMPORT_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={IMPORT_HEADING_ID} variant="h2" sx={{ mb: 1 }}>
        {t("import.heading")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t("import.description")}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          {importing.isError && (
            <Alert severity="error" role="alert">
              {message(importing.error)}
            </Alert>
          )}
          {result && <ImportResult result={result} />}
          <TextField select label={t("import.format")} value={format} onChange={(e) => setFormat(e.target.value as ImportContent["format"])} fullWidth>
            <MenuItem value="bookmarks_html">{t("import.formats.bookmarks_html")}</MenuItem>
            <MenuItem value="csv">{t("import.formats.csv")}</MenuItem>
          </TextField>
          <Box>
            <input
              ref={fileInput}
              id={`${fileHelp}-input`}
              type="file"
              accept=".html,.htm,.csv,text/html,text/csv"
              aria-describedby={fileHelp}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
            />
            <Button component="label" htmlFor={`${fileHelp}-input`} variant="outlined" startIcon={<UploadFileOutlined />}>
              {t("import.choose")}
            </Button>
            <Typography id={fileHelp} variant="body2" color={problem ? "error" : "text.secondary"} sx={{ mt: 1, overflowWrap: "anywhere" }}>
              {problem ?? (file ? t("import.chosen", { name: file.name }) : t("import.noneChosen"))}
            </Typography>
          </Box>
          <FormControlLabel control={<Checkbox checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />} label={t("import.private")} />
          <Box>
            <Button type="submit" variant="contained" loading={importing.isPending}>
              {t("import.submit")}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Typography variant="h3" sx={{ mt: 4, mb: 1 }}>
        {t("import.exportHeading")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("import.exportDescription")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
        <Button component="a" href="/api/contentuser/export?format=bookmarks_html" download variant="outlined" startIcon={<DownloadOutlined />}>
          {t("import.exportBookmarks")}
        </Button>
        <Button component="a" href="/api/contentuser/export?format=csv" download variant="outlined" startIcon={<DownloadOutlined />}>
          {t("import.exportCsv")}
        </Button>
      </Stack>
    </Paper>
  );
}

function ImportResult({ result }: { result: ImportContentResponse }) {
  const { t } = useTranslation("settings");
  return (
    <Alert severity={result.imported ? "success" : "info"} role="status">
      <Typography>{t("import.imported", { count: result.imported })}</Typography>
      {result.already_saved > 0 && <Typography>{t("import.alreadySaved", { count: result.already_saved })}</Typography>}
      {result.folders_created > 0 && <Typography>{t("import.foldersCreated", { count: result.folders_created })}</Typography>}
      {result.skipped_count > 0 && (
        <>
          <Typography>{t("import.skipped", { count: result.skipped_count })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, overflowWrap: "anywhere" }}>
            {result.skipped.slice(0, SKIPS_SHOWN).map((skip) => (
              <li key={`${skip.line}-${skip.url}`}>{t(`import.skipReasons.${skip.reason}`, { line: skip.line, url: skip.url })}</li>
            ))}
          </Box>
        </>
      )}
    </Alert>
  );
}
