import { Fragment } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import CollectionsBookmarkOutlined from "@mui/icons-material/CollectionsBookmarkOutlined";
import { useTranslation } from "react-i18next";
import type { CopilotItem, CopilotMessage as Message } from "@learnward/contracts";
import { TextLink } from "../../components/TextLink";
import { ContentTypeIcon } from "../library/ContentTypeIcon";
import { useLibraryFormat } from "../library/format";
import { CopilotItemActions } from "./CopilotItemActions";

/** Splits "… [2] …" into text and citations of the answer's items; unknown numbers stay text. */
export function citations(line: string, items: readonly Pick<CopilotItem, "ref">[]): (string | number)[] {
  const refs = new Set(items.map((i) => i.ref));
  const parts: (string | number)[] = [];
  let last = 0;
  for (const m of line.matchAll(/\[(\d+)\]/g)) {
    const ref = Number(m[1]);
    if (!refs.has(ref)) continue;
    if (m.index > last) parts.push(line.slice(last, m.index));
    parts.push(ref);
    last = m.index + m[0].length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return parts;
}

/** The answer's text: one paragraph a line, section lines in bold, [n] linking to the cited item. */
export function AnswerText({ content, items, sections }: { content: string; items: CopilotItem[]; sections: string[] }) {
  const { t } = useTranslation("discover");
  const byRef = new Map(items.map((i) => [i.ref, i]));
  const lines = content.split("\n");
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5, overflowWrap: "anywhere" }}>
      {lines.map((line, i) =>
        line.trim() === "" ? null : (
          <Typography
            key={i}
            variant="body2"
            sx={{ fontWeight: sections.some((s) => line.startsWith(`${s} (`)) ? 700 : undefined, mt: sections.some((s) => line.startsWith(`${s} (`)) ? 1 : 0 }}
          >
            {citations(line, items).map((part, j) =>
              typeof part === "number" ? (
                <Box
                  key={j}
                  component="a"
                  href={byRef.get(part)!.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("copilot.cite", { ref: part, title: byRef.get(part)!.title })}
                  sx={{ color: "primary.main", fontWeight: 600 }}
                >
                  [{part}]
                </Box>
              ) : (
                <Fragment key={j}>{part}</Fragment>
              ),
            )}
          </Typography>
        ),
      )}
    </Box>
  );
}

interface CopilotMessageProps {
  message: Message;
  /** The latest answer offers "turn this into a collection". */
  latest: boolean;
  making: boolean;
  onMakeCollection: () => void;
  onSearch: (search: string) => void;
}

export function CopilotMessage({ message, latest, making, onMakeCollection, onSearch }: CopilotMessageProps) {
  const { t } = useTranslation("discover");
  const format = useLibraryFormat();
  if (message.role === "user") {
    return (
      <Box component="li" sx={{ alignSelf: "flex-end", maxWidth: "90%", listStyle: "none" }}>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: "right" }}>
          {t("copilot.you")}
        </Typography>
        <Paper sx={{ px: 1.5, py: 1, bgcolor: "primary.main", color: "primary.contrastText", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <Typography variant="body2">{message.content}</Typography>
        </Paper>
      </Box>
    );
  }
  const sections = message.plan?.sections.map((s) => s.title) ?? [];
  return (
    <Box component="li" sx={{ alignSelf: "stretch", listStyle: "none" }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {t("copilot.copilot")}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1.5, display: "flex", flexDirection: "column", gap: 1.5 }}>
        <AnswerText content={message.content} items={message.items} sections={sections} />
        {message.fallback && (
          <Typography variant="caption" color="text.secondary">
            {t("copilot.localEngine")}
          </Typography>
        )}
        {message.suggestions.length > 0 && (
          <Box>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t("copilot.suggestions")}
            </Typography>
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
              {message.suggestions.map((s) => (
                <Button key={s} size="small" variant="outlined" onClick={() => onSearch(s)}>
                  {s}
                </Button>
              ))}
            </Box>
          </Box>
        )}
        {message.items.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t("copilot.items")}
            </Typography>
            <Box component="ol" sx={{ m: 0, p: 0, listStyle: "none", display: "flex", flexDirection: "column", gap: 1 }}>
              {message.items.map((item) => (
                <Box component="li" key={item.ref} sx={{ display: "flex", gap: 1, alignItems: "flex-start", borderTop: 1, borderColor: "divider", pt: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 28 }}>
                    [{item.ref}]
                  </Typography>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ display: "flex", alignItems: "center", gap: 0.5, overflowWrap: "anywhere" }}>
                      <ContentTypeIcon type={item.content_type} fontSize="inherit" />
                      <Box component="a" href={item.url} target="_blank" rel="noopener noreferrer" sx={{ color: "inherit" }}>
                        {item.title}
                      </Box>
                    </Typography>
                    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                      {/* Where it comes from: the person's own saves (private ones are theirs alone) or the company's catalog. */}
                      <Chip
                        size="small"
                        variant="outlined"
                        color={item.source === "library" ? "primary" : "default"}
                        label={t(item.source === "library" ? "copilot.fromLibrary" : "copilot.fromCatalog")}
                      />
                      <Typography variant="caption" color="text.secondary" component="p">
                        {[format.type(item.content_type), format.provider(item.provider), format.duration(item.duration_s)].filter(Boolean).join(" · ")}
                      </Typography>
                    </Box>
                    <Box sx={{ mt: 0.5 }}>
                      <CopilotItemActions item={item} />
                    </Box>
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
        )}
        {message.collection ? (
          <Alert severity="success" icon={<CollectionsBookmarkOutlined fontSize="inherit" />}>
            <TextLink to={message.collection.url}>{t("copilot.openCollection", { title: message.collection.title })}</TextLink>
          </Alert>
        ) : (
          latest &&
          message.found &&
          message.plan && (
            <Box>
              <Button variant="contained" size="small" startIcon={<CollectionsBookmarkOutlined />} onClick={onMakeCollection} disabled={making}>
                {making ? t("copilot.making") : t("copilot.toCollection")}
              </Button>
            </Box>
          )
        )}
      </Paper>
    </Box>
  );
}
