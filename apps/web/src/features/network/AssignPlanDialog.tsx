import { useState } from "react";
import type { FieldError } from "react-hook-form";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddOutlined from "@mui/icons-material/AddOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { PROFICIENCY_LEVELS, SkillName } from "@learnward/contracts";
import { FormDialog, type FormFields } from "../../components/FormDialog";
import { maxOf } from "../../components/formRules";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { AssignPlanForm, toPlanBody, type AssignPlanValues, type CollectionOption, type PersonOption, type TeamOption } from "./assignPlanForm";
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
export function AssignPlanDialog({ open, onClose, collection, people, teams, onAssigned }: AssignPlanDialogProps) {
  const { t } = useTranslation("network");
  const errorMessage = useErrorMessage();
  const create = useCreatePlan();
  return (
    <FormDialog
      open={open}
      schema={AssignPlanForm}
      defaultValues={{
        title: collection?.title ?? "",
        deadline: todayIsoDate(),
        people: people ?? [],
        teams: teams ?? [],
        skills: [{ skill: collection?.skills[0] ?? "", collections: collection ? [{ id: collection.id, title: collection.title }] : [] }],
      }}
      maxWidth="md"
      fullScreenOnPhone
      title={t("assign.title")}
      description={t("assign.description")}
      submitLabel={t("assign.submit")}
      cancelLabel={t("actions.cancel")}
      // Escape, a click outside or Cancel: a filled form asks before it is thrown away.
      discard={{ title: t("assign.discardTitle"), text: t("assign.discardText"), confirm: t("assign.discard"), cancel: t("assign.keepEditing") }}
      errorText={(error) => serverError(error, t, errorMessage)}
      onSubmit={async (values) => {
        const plan = await create.mutateAsync(toPlanBody(values));
        toast(t("assign.done", { title: plan.title }), "success");
        onAssigned?.(plan);
      }}
      onClose={onClose}
    >
      {({ form, field }) => <PlanFields form={form} field={field} open={open} />}
    </FormDialog>
  );
}

type PlanForm = FormFields<typeof AssignPlanForm>;

function PlanFields({ form, field, open }: { form: PlanForm["form"]; field: PlanForm["field"]; open: boolean }) {
  const { t } = useTranslation("network");
  const { t: ts } = useTranslation("skills");
  const errorMessage = useErrorMessage();
  // Pickers and skill rows are controlled through setValue/watch rather than Controller and
  // useFieldArray: those would add about 3 KB gzip to react-hook-form's chunk, which /login loads.
  const [rowKeys, setRowKeys] = useState(() => [0]);
  const skills = form.watch("skills");
  const people = form.watch("people");
  const teams = form.watch("teams");
  const { errors, isSubmitted } = form.formState;
  const set = <K extends "people" | "teams" | "skills">(name: K, value: AssignPlanValues[K]) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: isSubmitted });
  const setRow = (index: number, row: Partial<AssignPlanValues["skills"][number]>) =>
    set(
      "skills",
      skills.map((current, i) => (i === index ? { ...current, ...row } : current)),
    );
  const addRow = () => {
    set("skills", [...skills, { skill: "", collections: [] }]);
    setRowKeys((keys) => [...keys, Math.max(...keys) + 1]);
  };
  const removeRow = (index: number) => {
    set(
      "skills",
      skills.filter((_row, i) => i !== index),
    );
    setRowKeys((keys) => keys.filter((_key, i) => i !== index));
  };
  const message = (code: string) => (isFormError(code) ? t(`assign.errors.${code}`) : errorMessage(code));
  const skillLimit = maxOf(SkillName);

  return (
    <>
      <TextField label={t("assign.planTitle")} required fullWidth {...field("title")} />
      <TextField
        label={t("assign.deadline")}
        type="date"
        required
        fullWidth
        {...field("deadline")}
        helperText={errors.deadline?.message ? message(errors.deadline.message) : undefined}
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
                      slotProps={{ htmlInput: { autoCapitalize: "none", maxLength: skillLimit } }}
                    />
                  </Box>
                  <Box sx={{ flex: "2 1 320px", minWidth: 0 }}>
                    <CollectionPicker
                      value={row.collections}
                      onChange={(collections) => setRow(index, { collections })}
                      error={collectionsCode ? message(collectionsCode) : undefined}
                    />
                  </Box>
                  <Box sx={{ flex: "1 1 160px", minWidth: 0 }}>
                    <TextField
                      select
                      label={t("assign.targetLevel")}
                      value={row.target_level ? String(row.target_level) : ""}
                      onChange={(event) => setRow(index, { target_level: event.target.value ? Number(event.target.value) : null })}
                      fullWidth
                      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                    >
                      <option value="">{t("assign.noTargetLevel")}</option>
                      {PROFICIENCY_LEVELS.map(({ level, key }) => (
                        <option key={level} value={String(level)}>
                          {ts("levelWithNumber", { number: level, name: ts(`levels.${key}`) })}
                        </option>
                      ))}
                    </TextField>
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
    </>
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
