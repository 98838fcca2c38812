import { useState, type FormEvent } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { COMPLIANCE_ROLES, type ComplianceRequirement } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useAutocompleteTexts } from "../../components/autocompleteTexts";
import { useTeamOptions } from "../network/planHooks";
import { useCreateRequirement, useDeleteRequirement, useRequirements } from "./hooks";

type Role = (typeof COMPLIANCE_ROLES)[number];
type Team = { id: number; name: string };

/**
 * "Required for" on a published learning path, for whoever may require paths (the server's
 * manage_compliance ability): who it is required of now, and a form to require it of more teams or roles.
 */
export function RequiredFor({ collectionId }: { collectionId: number }) {
  const { t } = useTranslation("network");
  const { t: common } = useTranslation("common");
  const message = useErrorMessage();
  const requirements = useRequirements(true);
  const create = useCreateRequirement();
  const remove = useDeleteRequirement();
  const [teams, setTeams] = useState<Team[]>([]);
  const [typed, setTyped] = useState("");
  const texts = useAutocompleteTexts();
  const teamOptions = useTeamOptions(typed, true);
  const [roles, setRoles] = useState<Role[]>([]);
  const [dueDays, setDueDays] = useState("30");
  const [recurs, setRecurs] = useState(false);
  const [months, setMonths] = useState("12");
  const [nobody, setNobody] = useState(false);

  const mine = (requirements.data?.results ?? []).filter((r) => r.collection_id === collectionId);
  const who = (r: ComplianceRequirement) => [...r.teams.map((team) => team.name), ...r.roles.map((role) => common(`roles.${role}`))].join(", ");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (teams.length + roles.length === 0) {
      setNobody(true);
      return;
    }
    setNobody(false);
    create.mutate(
      { collection_id: collectionId, team_ids: teams.map((team) => team.id), roles, due_days: Number(dueDays), every_months: recurs ? Number(months) : null },
      {
        onSuccess: () => {
          setTeams([]);
          setRoles([]);
          toast(t("compliance.requiredFor.saved"), "success");
        },
        onError: (error) => toast(message(error), "error"),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby={`required-for-${collectionId}`}>
      <Typography variant="subtitle1" component="h2" id={`required-for-${collectionId}`} sx={{ mb: 1 }}>
        {t("compliance.requiredFor.heading")}
      </Typography>
      {mine.length > 0 && (
        <Stack component="ul" aria-label={t("compliance.requiredFor.listLabel")} spacing={0.5} sx={{ listStyle: "none", p: 0, m: 0, mb: 2 }}>
          {mine.map((r) => (
            <Box component="li" key={r.id} sx={{ display: "flex", alignItems: "center", gap: 1 }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {r.every_months === null
                  ? t("compliance.requiredFor.summary", { who: who(r), days: r.due_days })
                  : t("compliance.requiredFor.summaryRecurring", { who: who(r), days: r.due_days, months: r.every_months })}
              </Typography>
              <IconButton
                size="small"
                aria-label={t("compliance.requiredFor.remove", { who: who(r) })}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(r.id, { onSuccess: () => toast(t("compliance.requiredFor.removed"), "success"), onError: (e) => toast(message(e), "error") })
                }
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {/* Not the plan dialog's team picker: sharing it would split it into a chunk of its own, one more entry in every first load. */}
        <Autocomplete
          {...texts}
          multiple
          options={(teamOptions.data?.results ?? []).map((team) => ({ id: team.id, name: team.name }))}
          value={teams}
          onChange={(_event, next) => setTeams(next)}
          inputValue={typed}
          onInputChange={(_event, next, reason) => reason !== "reset" && setTyped(next)}
          filterOptions={(x) => x}
          filterSelectedOptions
          loading={teamOptions.isFetching}
          getOptionLabel={(team) => team.name}
          isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
          renderInput={(params) => <TextField {...params} size="small" label={t("compliance.requiredFor.teams")} />}
        />
        <Box role="group" aria-labelledby={`required-roles-${collectionId}`} sx={{ display: "flex", flexDirection: "column" }}>
          <FormLabel id={`required-roles-${collectionId}`}>{t("compliance.requiredFor.roles")}</FormLabel>
          {COMPLIANCE_ROLES.map((role) => (
            <FormControlLabel
              key={role}
              label={common(`roles.${role}`)}
              control={
                <Checkbox
                  size="small"
                  checked={roles.includes(role)}
                  onChange={(event) => setRoles((now) => (event.target.checked ? [...now, role] : now.filter((r) => r !== role)))}
                />
              }
            />
          ))}
        </Box>
        <TextField
          size="small"
          type="number"
          label={t("compliance.requiredFor.dueDays")}
          value={dueDays}
          onChange={(event) => setDueDays(event.target.value)}
          slotProps={{ htmlInput: { min: 1 } }}
        />
        <TextField
          select
          size="small"
          label={t("compliance.requiredFor.recurrence")}
          value={recurs ? "every" : "once"}
          onChange={(event) => setRecurs(event.target.value === "every")}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="once">{t("compliance.requiredFor.once")}</option>
          <option value="every">{t("compliance.requiredFor.everyMonths")}</option>
        </TextField>
        {recurs && (
          <TextField
            size="small"
            type="number"
            label={t("compliance.requiredFor.months")}
            value={months}
            onChange={(event) => setMonths(event.target.value)}
            slotProps={{ htmlInput: { min: 1 } }}
          />
        )}
        {nobody && (
          <Typography role="alert" variant="body2" color="error">
            {t("compliance.requiredFor.nobody")}
          </Typography>
        )}
        <Button type="submit" variant="outlined" loading={create.isPending}>
          {t("compliance.requiredFor.submit")}
        </Button>
      </Stack>
    </Box>
  );
}
