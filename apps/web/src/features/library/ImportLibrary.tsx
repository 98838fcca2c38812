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
import LinearProgress from "@mui/material/LinearProgress";
import { IMPORT_MAX_BYTES, type LibraryImport } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { ApiError } from "../../lib/api";
import { useImportContent, useLatestImport, type ImportContent } from "./imports";

export const IMPORT_HEADING_ID = "import-library-heading";
const SKIPS_SHOWN = 5;

const FORMATS: ImportContent["format"][] = ["bookmarks_html", "csv", "json"];
const EXPORTS = [
  { format: "bookmarks_html", label: "import.exportBookmarks" },
  { format: "csv", label: "import.exportCsv" },
  { format: "json", label: "import.exportJson" },
] as const;

/** The format a file's name says, if it says one. */
const formatOf = (name: string): ImportContent["format"] | null =>
  /\.csv$/i.test(name) ? "csv" : /\.html?$/i.test(name) ? "bookmarks_html" : /\.json$/i.test(name) ? "json" : null;

/**
 * Settings → bring a library in from a browser's bookmark file, a CSV or a JSON export (Pocket,
 * Raindrop, Instapaper, Karakeep, Linkwarden, Omnivore), follow the import while its job runs (also
 * after leaving the page and coming back), and take the library out again in the same formats.
 */
export function ImportLibrary() {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const importing = useImportContent();
  const { latest, running } = useLatestImport();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileHelp = useId();
  const [format, setFormat] = useState<ImportContent["format"]>("bookmarks_html");
  const [file, setFile] = useState<File | null>(null);
  const [isPrivate, setPrivate] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    importing.reset();
    setProblem(chosen && chosen.size > IMPORT_MAX_BYTES ? t("import.tooBig") : null);
    setFile(chosen);
    // The file's name says its format more often than the person remembers to.
    const named = chosen && formatOf(chosen.name);
    if (named) setFormat(named);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem(t("import.noFile"));
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) return;
    const content = await file.text();
    importing.mutate({ format, content, is_private: isPrivate });
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
              {brokenAt(importing.error) !== null ? t("import.brokenAt", { line: brokenAt(importing.error) }) : message(importing.error)}
            </Alert>
          )}
          {latest && (running ? <ImportProgress run={latest} /> : <ImportResult run={latest} />)}
          <TextField select label={t("import.format")} value={format} onChange={(e) => setFormat(e.target.value as ImportContent["format"])} fullWidth>
            {FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`import.formats.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <input
              ref={fileInput}
              id={`${fileHelp}-input`}
              type="file"
              accept=".html,.htm,.csv,.json,text/html,text/csv,application/json"
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
            <Button type="submit" variant="contained" loading={importing.isPending} disabled={running}>
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
        {EXPORTS.map(({ format: f, label }) => (
          <Button key={f} component="a" href={`/api/contentuser/export?format=${f}`} download variant="outlined" startIcon={<DownloadOutlined />}>
            {t(label)}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}

/** The line a refused file breaks at, when the server names one. */
function brokenAt(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== "import_malformed") return null;
  const line = (error.details as { line?: unknown } | undefined)?.line;
  return typeof line === "number" ? line : null;
}

function ImportProgress({ run }: { run: LibraryImport }) {
  const { t } = useTranslation("settings");
  const label = t("import.progress", { processed: run.processed, total: run.total });
  return (
    <Alert severity="info" role="status" icon={false}>
      <Typography>{label}</Typography>
      <LinearProgress variant="determinate" value={run.total ? (run.processed / run.total) * 100 : 0} aria-label={label} sx={{ my: 1 }} />
      <Typography variant="body2">{t("import.mayLeave")}</Typography>
    </Alert>
  );
}

function ImportResult({ run }: { run: LibraryImport }) {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  if (run.status === "failed") {
    return (
      <Alert severity="error" role="alert">
        {message(run.error ?? "import_failed")}
      </Alert>
    );
  }
  return (
    <Alert severity={run.added ? "success" : "info"} role="status">
      <Typography>{t("import.imported", { count: run.added })}</Typography>
      {run.merged > 0 && <Typography>{t("import.merged", { count: run.merged })}</Typography>}
      {run.folders_created > 0 && <Typography>{t("import.foldersCreated", { count: run.folders_created })}</Typography>}
      {run.skipped_count > 0 && (
        <>
          <Typography>{t("import.skipped", { count: run.skipped_count })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, overflowWrap: "anywhere" }}>
            {run.skipped.slice(0, SKIPS_SHOWN).map((skip) => (
              <li key={`${skip.line}-${skip.url}`}>{t(`import.skipReasons.${skip.reason}`, { line: skip.line, url: skip.url })}</li>
            ))}
          </Box>
        </>
      )}
    </Alert>
  );
}
