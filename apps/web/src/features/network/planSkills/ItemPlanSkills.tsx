import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { useChangePlanSkill, useItemPlanSkills } from "./hooks";

/**
 * Which of my upskilling plans an item of my library counts towards, and a form to count it towards
 * a skill of another open plan: finishing the item then moves that plan's progress. The item page
 * gives it its heading (network's planSkills.heading).
 */
export function ItemPlanSkills({ itemId }: { itemId: number }) {
  const { t } = useTranslation("network");
  const message = useErrorMessage();
  const data = useItemPlanSkills(itemId);
  const change = useChangePlanSkill(itemId);
  const [planId, setPlanId] = useState<number | "">("");
  const [skill, setSkill] = useState("");

  if (data.isPending) return null;
  if (data.isError) return <Alert severity="warning">{message(data.error)}</Alert>;
  const { attached, options } = data.data;
  const chosen = options.find((o) => o.plan.id === planId);
  const skills = chosen?.skills ?? [];
  const pickPlan = (id: number) => {
    setPlanId(id);
    const plan = options.find((o) => o.plan.id === id);
    setSkill(plan?.skills.length === 1 ? plan.skills[0]! : "");
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (planId === "" || !skill) return;
    change.mutate({ attach: { plan_id: planId, skill } }, { onSuccess: () => setPlanId("") });
  };

  return (
    <Stack spacing={1.5}>
      {change.isError && (
        <Alert severity="error" role="alert">
          {message(change.error)}
        </Alert>
      )}
      {attached.length > 0 ? (
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {attached.map((a) => (
            <Stack component="li" key={a.plan.id} direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                {t("planSkills.countsTowards", { plan: a.plan.title, skill: a.skill })}
              </Typography>
              <Button size="small" onClick={() => change.mutate({ detach: a.plan.id })} disabled={change.isPending}>
                {t("planSkills.remove", { plan: a.plan.title })}
              </Button>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {options.length ? t("planSkills.none") : t("planSkills.noPlans")}
        </Typography>
      )}
      {options.length > 0 && (
        <Box component="form" noValidate onSubmit={submit} aria-label={t("planSkills.formLabel")}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
            <TextField
              select
              size="small"
              label={t("planSkills.plan")}
              value={planId}
              onChange={(event) => pickPlan(Number(event.target.value))}
              sx={{ minWidth: 200 }}
            >
              {options.map((o) => (
                <MenuItem key={o.plan.id} value={o.plan.id}>
                  {o.plan.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t("planSkills.skill")}
              value={skill}
              onChange={(event) => setSkill(event.target.value)}
              disabled={!chosen}
              sx={{ minWidth: 160 }}
            >
              {skills.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="outlined" disabled={!chosen || !skill || change.isPending}>
              {t("planSkills.add")}
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
