import { useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import { useTranslation } from "react-i18next";
import { fetchAllTeams, findEmployeeByEmail, invite } from "./api";
import { CSV_COLUMNS, MAX_CSV_ROWS, emailsToCheck, isReady, markExistingEmployees, parseInviteCsv, roleAliases, type InviteRow } from "./csv";
import { usePeopleError } from "./usePeopleError";
import { useRoleLabel } from "./ui";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { ScrollArea } from "../../components/ScrollArea";

/** How many employee look-ups run at once while checking a file. */
const CHECKS_AT_ONCE = 4;

type RowResult = { state: "sent" } | { state: "failed"; message: string };
type Stage = "choose" | "checking" | "preview" | "sending" | "done";

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Bulk invite (hr): a CSV with email, role and team (by name) is read and checked here, row by
 * row, before anything is sent; then the good rows are invited one at a time with their results.
 */
export default function BulkInviteDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation(["people", "common"]);
  const message = useErrorMessage();
  const peopleError = usePeopleError();
  const roleLabel = useRoleLabel();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery("(max-width:600px)");
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage>("choose");
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<InviteRow[]>([]);
  const [results, setResults] = useState<Record<number, RowResult>>({});
  const [checked, setChecked] = useState(0);

  const ready = rows.filter(isReady);
  const sent = Object.values(results).filter((result) => result.state === "sent").length;
  const failed = Object.values(results).length - sent;
  const busy = stage === "checking" || stage === "sending";

  async function read(file: File) {
    setFileName(file.name);
    setProblem(null);
    setRows([]);
    setResults({});
    setStage("checking");
    setChecked(0);
    try {
      const [text, teams] = await Promise.all([file.text(), fetchAllTeams()]);
      const localLabels = i18n.getResource(i18n.language, "common", "roles") as Record<string, string> | undefined;
      const parsed = parseInviteCsv(text, { teams, roles: roleAliases(localLabels) });
      if (!parsed.ok) {
        setProblem(t(`bulk.problems.${parsed.problem}`, { columns: (parsed.missing ?? []).join(", "), max: MAX_CSV_ROWS }));
        setStage("choose");
        return;
      }
      setRows(parsed.rows);
      // "Already an employee" needs the server: one look-up per distinct email, a few at a time.
      const existing = new Set<string>();
      await eachLimited(emailsToCheck(parsed.rows), CHECKS_AT_ONCE, async (email) => {
        if (await findEmployeeByEmail(email)) existing.add(email);
        setChecked((count) => count + 1);
      });
      setRows(markExistingEmployees(parsed.rows, existing));
      setStage("preview");
    } catch (error) {
      setProblem(message(error));
      setStage("choose");
    }
  }

  async function send() {
    setStage("sending");
    for (const row of ready) {
      try {
        await invite({ email: row.email, role: row.role!, team_id: row.team?.id ?? null });
        setResults((current) => ({ ...current, [row.row]: { state: "sent" } }));
      } catch (error) {
        setResults((current) => ({ ...current, [row.row]: { state: "failed", message: peopleError(error) } }));
      }
    }
    setStage("done");
    await queryClient.invalidateQueries({ queryKey: ["people"] });
  }

  const progressed = Object.keys(results).length;
  const toCheck = emailsToCheck(rows).length;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="bulk-title" fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id="bulk-title">{t("bulk.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t("bulk.description", { columns: CSV_COLUMNS.join(", "), max: MAX_CSV_ROWS })}</DialogContentText>
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label={t("bulk.file")}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void read(file);
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={busy || stage === "done"}>
              {fileName ? t("bulk.chooseAnother") : t("bulk.choose")}
            </Button>
            {fileName && (
              <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
                {fileName}
              </Typography>
            )}
          </Box>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          {stage === "checking" && (
            <Box role="status">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t("bulk.checking", { done: checked, total: toCheck })}
              </Typography>
              <LinearProgress
                variant={toCheck ? "determinate" : "indeterminate"}
                value={toCheck ? (checked / toCheck) * 100 : undefined}
                aria-label={t("bulk.checkingLabel")}
              />
            </Box>
          )}
          {rows.length > 0 && stage !== "checking" && (
            <>
              <Alert severity={ready.length === rows.length ? "success" : ready.length ? "warning" : "error"}>
                {t("bulk.summary", { ready: ready.length, total: rows.length, bad: rows.length - ready.length })}
              </Alert>
              {(stage === "sending" || stage === "done") && (
                <Box role="status" aria-live="polite">
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    {stage === "done" ? t("bulk.finished", { sent, failed }) : t("bulk.sending", { done: progressed, total: ready.length })}
                  </Typography>
                  <LinearProgress variant="determinate" value={ready.length ? (progressed / ready.length) * 100 : 100} aria-label={t("bulk.sendingLabel")} />
                </Box>
              )}
              <ScrollArea label={t("bulk.caption")} sx={{ maxHeight: 420, border: 1, borderColor: "divider", borderRadius: 1 }}>
                <Table size="small" stickyHeader>
                  <caption>{t("bulk.caption")}</caption>
                  <TableHead>
                    <TableRow>
                      <TableCell scope="col">{t("bulk.columns.row")}</TableCell>
                      <TableCell scope="col">{t("bulk.columns.email")}</TableCell>
                      <TableCell scope="col">{t("bulk.columns.role")}</TableCell>
                      <TableCell scope="col">{t("bulk.columns.team")}</TableCell>
                      <TableCell scope="col">{t("bulk.columns.check")}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => {
                      const result = results[row.row];
                      return (
                        <TableRow key={row.row}>
                          <TableCell component="th" scope="row">
                            {row.row}
                          </TableCell>
                          <TableCell sx={{ wordBreak: "break-all" }}>{row.email || "—"}</TableCell>
                          <TableCell>{row.role ? roleLabel(row.role) : row.roleText || "—"}</TableCell>
                          <TableCell>{row.team?.name ?? (row.teamText || t("employees.noTeam"))}</TableCell>
                          <TableCell>
                            {result ? (
                              result.state === "sent" ? (
                                <Chip size="small" color="success" label={t("bulk.sent")} />
                              ) : (
                                <Typography variant="body2" color="error">
                                  {result.message}
                                </Typography>
                              )
                            ) : row.issues.length === 0 ? (
                              <Chip size="small" color="success" variant="outlined" label={t("bulk.ready")} />
                            ) : (
                              <Box component="ul" sx={{ m: 0, pl: 2, color: "error.main" }}>
                                {row.issues.map((issue) => (
                                  <Typography key={issue} component="li" variant="body2">
                                    {t(`bulk.issues.${issue}`)}
                                  </Typography>
                                ))}
                              </Box>
                            )}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </ScrollArea>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {stage === "done" ? (
          <Button variant="contained" onClick={onClose}>
            {t("actions.close")}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              {t("actions.cancel")}
            </Button>
            <Button variant="contained" onClick={() => void send()} disabled={stage !== "preview" || ready.length === 0} loading={stage === "sending"}>
              {t("bulk.send", { count: ready.length })}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
