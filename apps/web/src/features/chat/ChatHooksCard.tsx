import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { CHAT_HOOK_URL_MAX, type ChatChannel, type ChatHooks, type TestChatHookResponse } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { fieldProps } from "../../components/formField";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { CompanySetting } from "../../components/CompanySetting";
import { SettingBody } from "../../components/SettingBody";
import type { ChatHooksOwner } from "./api";
import { useChatHooks, useTestChatHook, useUpdateChatHooks } from "./hooks";

export const CHAT_HOOKS_HEADING_ID = "chat-hooks-heading";

// The server decides which schemes it takes (https, and http only where configured); here only the shape and length.
const address = z
  .string()
  .trim()
  .max(CHAT_HOOK_URL_MAX, "too_long")
  .refine((v) => v === "" || (/^https?:\/\//i.test(v) && URL.canParse(v)), "chat_hook_url_invalid");
const ChatHooksForm = z.object({ slack_webhook_url: address, teams_webhook_url: address });
type Fields = z.infer<typeof ChatHooksForm>;

const FIELD: Record<ChatChannel, keyof Fields> = { slack: "slack_webhook_url", teams: "teams_webhook_url" };
const valuesOf = (hooks: ChatHooks): Fields => ({ slack_webhook_url: hooks.slack_webhook_url ?? "", teams_webhook_url: hooks.teams_webhook_url ?? "" });

function ChatHooksEditor({ hooks, owner }: { hooks: ChatHooks; owner: ChatHooksOwner }) {
  const { t } = useTranslation("settings");
  const message = useErrorMessage();
  const update = useUpdateChatHooks(owner);
  const test = useTestChatHook(owner);
  const [result, setResult] = useState<TestChatHookResponse | null>(null);
  const form = useForm({ resolver: zodResolver(ChatHooksForm), defaultValues: valuesOf(hooks) });
  const dirty = form.formState.isDirty;

  const save = form.handleSubmit((values) =>
    update.mutate(
      { slack_webhook_url: values.slack_webhook_url || null, teams_webhook_url: values.teams_webhook_url || null },
      {
        onSuccess: (saved) => {
          form.reset(valuesOf(saved));
          setResult(null);
          toast(t("chatHooks.saved"), "success");
        },
        onError: (error) => {
          // The server names the field it refused.
          const field = isApiError(error, "chat_hook_url_invalid") ? (error.details as { field?: string } | undefined)?.field : undefined;
          if (field === FIELD.slack || field === FIELD.teams) form.setError(field, { message: "chat_hook_url_invalid" });
        },
      },
    ),
  );

  const sendTest = (channel: ChatChannel) => {
    setResult(null);
    test.mutate(channel, { onSuccess: setResult });
  };

  const refusedField = update.isError && isApiError(update.error, "chat_hook_url_invalid");
  const service = (channel: ChatChannel) => t(`chatHooks.services.${channel}`);

  return (
    <Box component="form" noValidate onSubmit={save}>
      <Stack spacing={2.5}>
        {update.isError && !refusedField && (
          <Alert severity="error" role="alert">
            {message(update.error)}
          </Alert>
        )}
        {(["slack", "teams"] as const).map((channel) => {
          const field = fieldProps(form, FIELD[channel], message);
          return (
            <TextField
              key={channel}
              {...field}
              label={t(`chatHooks.${channel}Label`)}
              type="url"
              placeholder="https://"
              autoComplete="off"
              fullWidth
              helperText={field.helperText ?? t(`chatHooks.${channel}Hint`)}
            />
          );
        })}
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
          <Button type="submit" variant="contained" loading={update.isPending} disabled={!dirty}>
            {t("chatHooks.save")}
          </Button>
          {(["slack", "teams"] as const).map((channel) => (
            <Button
              key={channel}
              variant="outlined"
              onClick={() => sendTest(channel)}
              loading={test.isPending && test.variables === channel}
              // A test goes to the saved address: save a change first.
              disabled={dirty || !hooks[FIELD[channel]] || test.isPending}
            >
              {t("chatHooks.test", { service: service(channel) })}
            </Button>
          ))}
        </Box>
        {dirty && (
          <Typography variant="body2" color="text.secondary">
            {t("chatHooks.saveBeforeTest")}
          </Typography>
        )}
        {test.isError && (
          <Alert severity="error" role="alert">
            {message(test.error)}
          </Alert>
        )}
        {result && (
          <Alert severity={result.ok ? "success" : "error"} role={result.ok ? "status" : "alert"}>
            {result.ok
              ? t("chatHooks.testSent", { service: service(result.channel) })
              : t("chatHooks.testFailed", {
                  service: service(result.channel),
                  reason:
                    result.failure === "http_error" && result.status
                      ? t("chatHooks.failures.http_status", { status: result.status })
                      : t(`chatHooks.failures.${result.failure ?? "network_error"}`),
                })}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}

/** The saved addresses and their editor, loading and failing in place. */
function ChatHooksBody({ owner }: { owner: ChatHooksOwner }) {
  const { t } = useTranslation("settings");
  const hooks = useChatHooks(owner);
  return (
    <SettingBody query={hooks} loadingLabel={t("chatHooks.loading")}>
      {(saved) => <ChatHooksEditor hooks={saved} owner={owner} />}
    </SettingBody>
  );
}

/** Settings → Chat notifications: hr connects the company's Slack and Microsoft Teams channels. */
export function ChatHooksCard() {
  return <CompanySetting texts="chatHooks" headingId={CHAT_HOOKS_HEADING_ID} Body={ChatHooksBody} />;
}

/** The same, for the platform admin in a company's details (admin or hr sets them). */
export function CompanyChatHooksSection({ companyId }: { companyId: number }) {
  return <CompanySetting texts="chatHooks" companyId={companyId} Body={ChatHooksBody} />;
}
