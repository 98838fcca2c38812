import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { DiscoverContent } from "@learnward/contracts";
import { SearchSelect, type SearchSource } from "../../components/SearchSelect";
import { LoadFailed } from "../../components/LoadFailed";
import { Loading } from "../../components/Loading";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useCatalogChoices, useDeleteXapiMapping, useRetryXapiUnapplied, useSaveXapiMapping, useXapiMappings, useXapiUnapplied } from "./hooks";

export const XAPI_WAITING_HEADING_ID = "xapi-waiting-heading";

const catalog: SearchSource<DiscoverContent> = {
  useMatches: useCatalogChoices,
  // A choice is always made in this picker: its name is known without asking.
  useOne: () => ({ data: undefined }),
  id: (item) => String(item.id_content),
  label: (item) => item.title,
};

/** How an agent is named on screen: its address, or its account, whichever it carries. */
function agentName(agent: unknown): string {
  const a = (agent ?? {}) as { mbox?: string; mbox_sha1sum?: string; openid?: string; account?: { homePage: string; name: string }; name?: string };
  return a.mbox?.replace(/^mailto:/, "") ?? (a.account ? `${a.account.name} (${a.account.homePage})` : (a.openid ?? a.mbox_sha1sum ?? a.name ?? "?"));
}

/** The L&D leader's form: this activity is that catalog item. */
function MapForm({ activity, onActivity }: { activity: string; onActivity: (a: string) => void }) {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const save = useSaveXapiMapping();
  const [item, setItem] = useState("");
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!activity.trim() || !item) return;
    save.mutate(
      { activity: activity.trim(), content_id: Number(item) },
      { onSuccess: () => (toast(t("xapi.mapped"), "success"), onActivity(""), setItem("")) },
    );
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t("xapi.mapFormLabel")}>
      <Stack spacing={2}>
        {save.isError && (
          <Alert severity="error" role="alert">
            {message(save.error)}
          </Alert>
        )}
        <TextField label={t("xapi.activity")} value={activity} onChange={(e) => onActivity(e.target.value)} required fullWidth />
        <SearchSelect source={catalog} unavailable={t("xapi.catalogUnavailable")} label={t("xapi.item")} value={item} onChange={setItem} />
        <Box>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={!activity.trim() || !item}>
            {t("xapi.map")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * Settings → Learning records waiting: statements kept for people not (yet) of the company and for
 * activities no catalog item matches; the L&D leader says which item an activity is.
 */
export function XapiWaitingSection({ mayMap }: { mayMap: boolean }) {
  const { t } = useTranslation("settings");
  const waiting = useXapiUnapplied();
  const mappings = useXapiMappings();
  const retry = useRetryXapiUnapplied();
  const remove = useDeleteXapiMapping();
  const [activity, setActivity] = useState("");

  return (
    <Paper variant="outlined" component="section" aria-labelledby={XAPI_WAITING_HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={XAPI_WAITING_HEADING_ID} variant="h2" sx={{ mb: 2 }}>
        {t("xapi.heading")}
      </Typography>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t("xapi.intro")}</Typography>
        <Box>
          <Button
            variant="outlined"
            loading={retry.isPending}
            onClick={() => retry.mutate(undefined, { onSuccess: () => toast(t("xapi.retrying"), "success") })}
          >
            {t("xapi.retry")}
          </Button>
        </Box>
        {waiting.isPending ? (
          <Loading label={t("xapi.loading")} />
        ) : waiting.isError ? (
          <LoadFailed error={waiting.error} onRetry={() => void waiting.refetch()} />
        ) : (
          <>
            <Box>
              <Typography variant="h3" sx={{ mb: 1 }}>
                {t("xapi.agentsHeading")}
              </Typography>
              {waiting.data.agents.length === 0 ? (
                <Typography color="text.secondary">{t("xapi.noAgents")}</Typography>
              ) : (
                <List aria-label={t("xapi.agentsHeading")} disablePadding>
                  {waiting.data.agents.map((a) => (
                    <ListItem key={agentName(a.agent)} divider sx={{ px: 0, overflowWrap: "anywhere" }}>
                      {t("xapi.agentLine", { agent: agentName(a.agent), count: a.statements })}
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
            <Box>
              <Typography variant="h3" sx={{ mb: 1 }}>
                {t("xapi.activitiesHeading")}
              </Typography>
              {waiting.data.activities.length === 0 ? (
                <Typography color="text.secondary">{t("xapi.noActivities")}</Typography>
              ) : (
                <List aria-label={t("xapi.activitiesHeading")} disablePadding>
                  {waiting.data.activities.map((a) => (
                    <ListItem key={a.activity_id} divider sx={{ px: 0, display: "flex", flexWrap: "wrap", gap: 1 }}>
                      <Typography sx={{ flex: "1 1 14rem", minWidth: 0, overflowWrap: "anywhere" }}>
                        {t("xapi.activityLine", { activity: a.activity_id, count: a.statements })}
                      </Typography>
                      {mayMap && (
                        <Button variant="outlined" onClick={() => setActivity(a.activity_id)} aria-label={t("xapi.mapNamed", { activity: a.activity_id })}>
                          {t("xapi.mapThis")}
                        </Button>
                      )}
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          </>
        )}
        <Box>
          <Typography variant="h3" sx={{ mb: 1 }}>
            {t("xapi.mappingsHeading")}
          </Typography>
          {mayMap && <MapForm activity={activity} onActivity={setActivity} />}
          {mappings.data && mappings.data.length > 0 && (
            <List aria-label={t("xapi.mappingsHeading")} disablePadding>
              {mappings.data.map((m) => (
                <ListItem key={m.id} divider sx={{ px: 0, display: "flex", flexWrap: "wrap", gap: 1 }}>
                  <Typography sx={{ flex: "1 1 14rem", minWidth: 0, overflowWrap: "anywhere" }}>
                    {t("xapi.mappingLine", { activity: m.activity_id, title: m.title })}
                  </Typography>
                  {mayMap && (
                    <Button variant="outlined" color="error" onClick={() => remove.mutate(m.id)} aria-label={t("xapi.unmapNamed", { activity: m.activity_id })}>
                      {t("xapi.unmap")}
                    </Button>
                  )}
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
