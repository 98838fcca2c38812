import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useForm, type FieldError } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import AddOutlined from "@mui/icons-material/AddOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { fieldProps } from "../../components/formField";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import {
  AssignPlanForm,
  toPlanBody,
  type AssignPlanOutput,
  type AssignPlanValues,
  type CollectionOption,
  type PersonOption,
  type TeamOption,
} from "./assignPlanForm";
import { todayIsoDate } from "./format";
import { useCreatePlan } from "./planHooks";
import { CollectionPicker, PeoplePicker, TeamPicker } from "./planPickers";
import type { Plan } from "./types";

export type { PersonOption, TeamOption, CollectionOption };

export interface AssignPlanDialogProps {
  open: boolean;
  onClose: () => void;
  /** A published collection to start the plan with (its first skill, its title). */
  collection?: { id: number; title: string; skills: string[] };
  /** People or teams chosen beforehand, e.g. from a team page. */
  people?: PersonOption[];
  teams?: TeamOption[];
  onAssigned?: (plan: Plan) => void;
}

const FORM_ERRORS = [
  "collections_required",
  "too_many_collections",
  "skills_required",
  "assignees_required",
  "duplicate_skill",
  "invalid_date",
  "deadline_past",
] as const;
type FormError = (typeof FORM_ERRORS)[number];
const isFormError = (code: string): code is FormError => (FORM_ERRORS as readonly string[]).includes(code);

/**
 * Assigns an upskilling plan (POST /api/b2b/v1/plans/) to people and/or teams: a title, a deadline
 * (ISO date, today by default: spec §3) and skills, each with published collections.
 */
export function AssignPlanDialog(props: AssignPlanDialogProps) {
  const { t } = useTranslation("network");
  const [round, setRound] = useState(0);
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  // Escape, a click outside or Cancel: a filled form asks before it is thrown away (issue 23).
  const dirty = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const dismiss = () => (dirty.current ? setConfirming(true) : props.onClose());
  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  return (
    <>
      <Dialog
        open={props.open}
        onClose={dismiss}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="md"
        fullScreen={fullScreen}
        // A fresh form each time it opens.
        slotProps={{ transition: { onExited: () => setRound((n) => n + 1) } }}
      >
        <AssignPlanFormBody key={round} titleId={titleId} {...props} onCancel={dismiss} onDirty={onDirty} />
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={t("assign.discardTitle")}
        text={t("assign.discardText")}
        confirm={t("assign.discard")}
        cancel={t("assign.keepEditing")}
        error={null}
        pending={false}
        onConfirm={() => {
          setConfirming(false);
          dirty.current = false;
          props.onClose();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function AssignPlanFormBody({
  titleId,
  onClose,
  onCancel,
  onDirty,
  collection,
  people: chosenPeople,
  teams: chosenTeams,
  onAssigned,
  open,
}: AssignPlanDialogProps & { titleId: string; onCancel: () => void; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation("network");
  const errorMessage = useErrorMessage();
  const create = useCreatePlan();
  const form = useForm<AssignPlanValues, unknown, AssignPlanOutput>({
    resolver: zodResolver(AssignPlanForm),
    defaultValues: {
      title: collection?.title ?? "",
      deadline: todayIsoDate(),
      people: chosenPeople ?? [],
      teams: chosenTeams ?? [],
      skills: [{ skill: collection?.skills[0] ?? "", collections: collection ? [{ id: collection.id, title: collection.title }] : [] }],
    },
  });
  // Pickers and skill rows are controlled through setValue/watch rather than Controller and
  // useFieldArray: those would add about 3 KB gzip to react-hook-form's chunk, which /login loads.
  const [rowKeys, setRowKeys] = useState(() => [0]);
  const skills = form.watch("skills");
  const people = form.watch("people");
  const teams = form.watch("teams");
  const { errors, isSubmitted, isDirty } = form.formState;
  useEffect(() => {
    onDirty(isDirty);
  }, [isDirty, onDirty]);
  const set = <K extends "people" | "teams" | "skills">(name: K, value: AssignPlanValues[K]) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: isSubmitted });
  const setRow = (index: number, row: Partial<AssignPlanValues["skills"][number]>) =>
    set("skills", skills.map((current, i) => (i === index ? { ...current, ...row } : current)));
  const addRow = () => {
    set("skills", [...skills, { skill: "", collections: [] }]);
    setRowKeys((keys) => [...keys, Math.max(...keys) + 1]);
  };
  const removeRow = (index: number) => {
    set("skills", skills.filter((_row, i) => i !== index));
    setRowKeys((keys) => keys.filter((_key, i) => i !== index));
  };
  const message = useCallback((code: string) => (isFormError(code) ? t(`assign.errors.${code}`) : errorMessage(code)), [t, errorMessage]);

  const submit = form.handleSubmit((values) =>
    create.mutate(toPlanBody(values), {
      onSuccess: (plan) => {
        toast(t("assign.done", { title: plan.title }), "success");
        onAssigned?.(plan);
        onClose();
      },
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "contents" }}>
      <DialogTitle id={titleId}>{t("assign.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("assign.description")}</DialogContentText>
        <Stack spacing={2.5}>
          {create.isError && (
            <Alert severity="error" role="alert">
              {serverError(create.error, t, errorMessage)}
            </Alert>
          )}
          <TextField {...fieldProps(form, "title", message)} label={t("assign.planTitle")} required fullWidth />
          <TextField
            {...fieldProps(form, "deadline", message)}
            label={t("assign.deadline")}
            type="date"
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayIsoDate() } }}
          />
          <PeoplePicker
            value={people}
            onChange={(value) => set("people", value)}
            enabled={open}
            error={errors.people?.message ? message(errors.people.message) : undefined}
          />
          <TeamPicker value={teams} onChange={(value) => set("teams", value)} enabled={open} />

          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="h3" sx={{ fontSize: "1rem", mb: 1.5 }}>
              {t("assign.skills")}
            </Typography>
            <Stack spacing={2}>
              {skills.map((row, index) => {
                const rowErrors = errors.skills?.[index];
                const collectionsError = rowErrors?.collections as (FieldError & { root?: FieldError }) | undefined;
                const collectionsCode = collectionsError?.message ?? collectionsError?.root?.message;
                return (
                  <Paper key={rowKeys[index] ?? index} variant="outlined" sx={{ p: 2 }} role="group" aria-label={t("assign.skillGroup", { number: index + 1 })}>
                    <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: { xs: "wrap", sm: "nowrap" } }}>
                      <Box sx={{ flex: "1 1 200px", minWidth: 0 }}>
                        <TextField
                          label={t("assign.skill")}
                          value={row.skill}
                          // spec §3: skills are keyed by their lowercase name.
                          onChange={(event) => setRow(index, { skill: event.target.value.toLowerCase() })}
                          error={Boolean(rowErrors?.skill)}
                          helperText={rowErrors?.skill?.message ? message(rowErrors.skill.message) : undefined}
                          required
                          fullWidth
                          placeholder={t("assign.skillPlaceholder")}
                          slotProps={{ htmlInput: { autoCapitalize: "none", maxLength: 60 } }}
                        />
                      </Box>
                      <Box sx={{ flex: "2 1 320px", minWidth: 0 }}>
                        <CollectionPicker
                          value={row.collections}
                          onChange={(collections) => setRow(index, { collections })}
                          error={collectionsCode ? message(collectionsCode) : undefined}
                        />
                      </Box>
                      <IconButton
                        aria-label={t("assign.removeSkill", { number: index + 1 })}
                        onClick={() => removeRow(index)}
                        disabled={skills.length === 1}
                        sx={{ mt: 1 }}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </Box>
                  </Paper>
                );
              })}
            </Stack>
            <Button startIcon={<AddOutlined />} onClick={addRow} sx={{ mt: 1.5 }}>
              {t("assign.addSkill")}
            </Button>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t("actions.cancel")}</Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t("assign.submit")}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** What the server's refusal means here, in the person's language. */
function serverError(error: unknown, t: ReturnType<typeof useTranslation<"network">>["t"], fallback: (error: unknown) => string): string {
  if (isApiError(error, "collection_not_published") && typeof error.details === "object" && error.details !== null && "collections" in error.details) {
    return t("assign.errors.unpublished");
  }
  if (isApiError(error, "forbidden")) return t("assign.errors.forbidden");
  if (isApiError(error, "not_found")) return t("assign.errors.notFound");
  return fallback(error);
}
