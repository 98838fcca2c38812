import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import type { PublishChanges as Changes } from "./types";

/** What an edit request changes in a published collection, one line per kind of change. */
export function PublishChanges({ changes }: { changes: Changes }) {
  const { t, i18n } = useTranslation("network");
  const list = (values: string[]) => new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(values);
  const lines = [
    changes.title && t("requests.changes.title", { from: changes.title.from, to: changes.title.to }),
    changes.description && t("requests.changes.description"),
    changes.cover_url && t("requests.changes.cover"),
    changes.skills.added.length > 0 && t("requests.changes.skillsAdded", { list: list(changes.skills.added) }),
    changes.skills.removed.length > 0 && t("requests.changes.skillsRemoved", { list: list(changes.skills.removed) }),
    changes.sections.added.length > 0 && t("requests.changes.sectionsAdded", { list: list(changes.sections.added) }),
    changes.sections.removed.length > 0 && t("requests.changes.sectionsRemoved", { list: list(changes.sections.removed) }),
    changes.items.added.length > 0 && t("requests.changes.itemsAdded", { list: list(changes.items.added.map((i) => i.title)) }),
    changes.items.removed.length > 0 && t("requests.changes.itemsRemoved", { list: list(changes.items.removed.map((i) => i.title)) }),
    changes.reordered && t("requests.changes.reordered"),
  ].filter((line): line is string => typeof line === "string");
  return (
    <Box component="ul" aria-label={t("requests.changes.label")} sx={{ mt: 1, mb: 0, pl: 2.5, "& li": { overflowWrap: "anywhere" } }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  );
}
