import { useEffect, useRef, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddCommentOutlined from "@mui/icons-material/AddCommentOutlined";
import AutoAwesomeOutlined from "@mui/icons-material/AutoAwesomeOutlined";
import SendOutlined from "@mui/icons-material/SendOutlined";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { COPILOT_QUESTION_MAX } from "@learnward/contracts";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { CopilotMessage } from "./CopilotMessage";
import { createConversation, discoverKeys, storeAnswer, useConversation, useConversations, useOlderConversations, useTurnIntoCollection } from "./hooks";
import { askCopilot } from "./stream";
import visuallyHidden from "@mui/utils/visuallyHidden";

interface CopilotPanelProps {
  conversation: number | null;
  onConversation: (id: number | null) => void;
  onSearch: (search: string) => void;
}

interface Pending {
  question: string;
  text: string;
}

/** The copilot chat: past conversations, the conversation, the streamed answer, the question box. */
export function CopilotPanel({ conversation, onConversation, onSearch }: CopilotPanelProps) {
  const { t } = useTranslation("discover");
  const queryClient = useQueryClient();
  const conversations = useConversations();
  const [olderPages, setOlderPages] = useState(0);
  const older = useOlderConversations(olderPages);
  const current = useConversation(conversation);
  const toCollection = useTurnIntoCollection(conversation);
  const [question, setQuestion] = useState("");
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => () => abort.current?.abort(), []);
  const messages = current.data?.messages ?? [];
  const pendingText = pending?.text;
  useEffect(() => {
    // Where the panel scrolls by itself (wide screens), follow the conversation; never scroll the page.
    // An empty panel has nothing to follow: measuring it would lay the page out as it hydrates.
    if (!messages.length && pendingText === undefined) return;
    const el = panel.current;
    if (el && el.scrollHeight > el.clientHeight) el.scrollTop = el.scrollHeight;
  }, [messages.length, pendingText]);

  async function ask(text: string) {
    const content = text.trim();
    if (!content || pending) return;
    setError(null);
    setQuestion("");
    setPending({ question: content, text: "" });
    setStatus(t("copilot.answering"));
    const controller = new AbortController();
    abort.current = controller;
    try {
      let id = conversation;
      if (id === null) {
        const created = await createConversation();
        queryClient.setQueryData(discoverKeys.conversation(created.id), created);
        id = created.id;
        onConversation(id);
      }
      const done = await askCopilot(
        id,
        content,
        {
          onDelta: (piece) => setPending((p) => p && { ...p, text: p.text + piece }),
          onReset: () => setPending((p) => p && { ...p, text: "" }),
        },
        controller.signal,
      );
      storeAnswer(queryClient, done);
      setStatus(t("copilot.answered"));
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") return;
      setQuestion(content);
      setError(isApiError(err, "rate_limited") ? t("copilot.rateLimited") : t("copilot.error"));
      setStatus("");
    } finally {
      setPending(null);
      input.current?.focus();
    }
  }

  const makeCollection = () =>
    toCollection.mutate(undefined, {
      onSuccess: (made) => toast(t("copilot.collectionToast", { title: made.collection.title }), "success"),
      onError: () => toast(t("actions.failed"), "error"),
    });

  const lastAnswer = [...messages].reverse().find((m) => m.role === "assistant");
  // A conversation left without a question is not worth a line in the history. A new conversation
  // shifts the pages by one: each conversation is listed once.
  const loaded = [conversations.data, ...older.map((page) => page.data)];
  const history = [...new Map(loaded.flatMap((page) => page?.results ?? []).map((c) => [c.id, c])).values()].filter(
    (c) => c.messages_count > 0 || c.id === conversation,
  );
  const loadingOlder = older.some((page) => page.isPending);
  const hasOlder = loadingOlder || Boolean(loaded.at(-1)?.next);
  const startNew = () => {
    abort.current?.abort();
    setPending(null);
    setError(null);
    onConversation(null);
    input.current?.focus();
  };

  return (
    <Paper
      ref={panel}
      component="section"
      id="copilot"
      aria-labelledby="copilot-title"
      variant="outlined"
      sx={{
        p: 2,
        display: "flex",
        flexDirection: "column",
        gap: 2,
        position: { lg: "sticky" },
        top: { lg: 91 },
        maxHeight: { lg: "calc(100vh - 107px)" },
        overflow: { lg: "auto" },
      }}
    >
      <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
        <AutoAwesomeOutlined color="primary" aria-hidden sx={{ mt: 0.5 }} />
        <Box sx={{ flex: 1 }}>
          <Typography variant="h2" id="copilot-title" sx={{ fontSize: "1.25rem" }}>
            {t("copilot.title")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("copilot.description")}
          </Typography>
        </Box>
      </Box>

      <Box component="nav" aria-labelledby="copilot-history">
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
          <Typography variant="subtitle2" component="h3" id="copilot-history">
            {t("copilot.history")}
          </Typography>
          <Button size="small" startIcon={<AddCommentOutlined />} onClick={startNew} disabled={conversation === null && !pending}>
            {t("copilot.new")}
          </Button>
        </Box>
        {conversations.data && history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("copilot.historyEmpty")}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none", display: "flex", flexDirection: "column", maxHeight: 132, overflowY: "auto" }}>
            {history.map((c) => (
              <li key={c.id}>
                <Button
                  size="small"
                  onClick={() => {
                    abort.current?.abort();
                    setError(null);
                    onConversation(c.id);
                  }}
                  aria-current={c.id === conversation ? "true" : undefined}
                  sx={{ justifyContent: "flex-start", textAlign: "left", width: "100%", fontWeight: c.id === conversation ? 700 : 400, textTransform: "none" }}
                >
                  <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                    {c.title || t("copilot.untitled")}
                  </Box>
                </Button>
              </li>
            ))}
          </Box>
        )}
        {hasOlder && (
          <Button size="small" onClick={() => setOlderPages((pages) => pages + 1)} loading={loadingOlder} sx={{ mt: 0.5 }}>
            {t("copilot.older")}
          </Button>
        )}
      </Box>

      {conversation !== null && current.isPending && (
        <Box role="status" sx={{ display: "grid", placeItems: "center", py: 2 }}>
          <CircularProgress size={28} aria-label={t("copilot.loading")} />
        </Box>
      )}

      {(messages.length > 0 || pending) && (
        <Box component="ol" aria-label={t("copilot.log")} sx={{ m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
          {messages.map((m) => (
            <CopilotMessage
              key={m.id}
              message={m}
              latest={m.id === lastAnswer?.id && !pending}
              making={toCollection.isPending}
              onMakeCollection={makeCollection}
              onSearch={onSearch}
            />
          ))}
          {pending && (
            <>
              <Box component="li" sx={{ alignSelf: "flex-end", maxWidth: "90%", listStyle: "none" }}>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: "right" }}>
                  {t("copilot.you")}
                </Typography>
                <Paper sx={{ px: 1.5, py: 1, bgcolor: "primary.main", color: "primary.contrastText", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  <Typography variant="body2">{pending.question}</Typography>
                </Paper>
              </Box>
              <Box component="li" sx={{ listStyle: "none" }}>
                <Typography variant="caption" color="text.secondary" component="p">
                  {t("copilot.copilot")}
                </Typography>
                <Paper variant="outlined" sx={{ p: 1.5 }}>
                  {/* The live region: each streamed piece is read out as it arrives. */}
                  <Typography
                    variant="body2"
                    aria-live="polite"
                    aria-atomic="false"
                    data-testid="copilot-stream"
                    sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", minHeight: "1.5em" }}
                  >
                    {pending.text}
                  </Typography>
                  {!pending.text && <CircularProgress size={18} aria-hidden sx={{ mt: 0.5 }} />}
                </Paper>
              </Box>
            </>
          )}
        </Box>
      )}

      {lastAnswer && lastAnswer.items.length > 0 && !pending && (
        // Follow-ups keep the topic and change one thing; each is sent as the person would type it.
        <Box role="group" aria-labelledby="copilot-refine" sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.5 }}>
          <Typography id="copilot-refine" variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
            {t("copilot.refine.label")}
          </Typography>
          {/* With several items, one that points back at them: the copilot picks among those items. */}
          {([...(lastAnswer.items.length > 1 ? (["shortest"] as const) : []), "videos", "shorter", "advanced", "otherLanguage", "time"] as const).map((key) => (
            <Button key={key} size="small" variant="outlined" onClick={() => void ask(t(`copilot.refine.${key}`))} sx={{ textTransform: "none" }}>
              {t(`copilot.refine.${key}`)}
            </Button>
          ))}
        </Box>
      )}

      {conversation === null && !pending && (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t("copilot.examples")}
          </Typography>
          <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5, alignItems: "flex-start" }}>
            {(["example1", "example2", "example3"] as const).map((key) => (
              <Button key={key} size="small" onClick={() => void ask(t(`copilot.${key}`))} sx={{ textTransform: "none", textAlign: "left" }}>
                {t(`copilot.${key}`)}
              </Button>
            ))}
          </Box>
        </Box>
      )}

      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={visuallyHidden} role="status">
        {status}
      </Box>

      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void ask(question);
        }}
        sx={{ display: "flex", flexDirection: "column", gap: 1 }}
      >
        <TextField
          inputRef={input}
          label={t("copilot.inputLabel")}
          placeholder={t("copilot.placeholder")}
          helperText={t("copilot.hint")}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void ask(question);
            }
          }}
          // A plain text area that grows with the question by CSS (field-sizing), from two lines to six,
          // where MUI's autosizing one measured it in a layout effect as the page hydrated: a forced
          // layout of the whole page, 20 ms of /discover's last hydration task (unthrottled). Browsers
          // without field-sizing keep two lines and scroll.
          multiline
          rows={2}
          sx={{ "& textarea": { fieldSizing: "content", minHeight: "2lh", maxHeight: "6lh" } }}
          fullWidth
          slotProps={{ input: { inputComponent: "textarea" }, htmlInput: { maxLength: COPILOT_QUESTION_MAX } }}
        />
        <Box>
          <Button type="submit" variant="contained" startIcon={<SendOutlined />} disabled={!question.trim() || pending !== null}>
            {t("copilot.send")}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
