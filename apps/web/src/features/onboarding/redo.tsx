import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import Close from "@mui/icons-material/Close";
import { useTranslation } from "react-i18next";
import { keepsRedo, type SubtaskState } from "./progress";

type RedoContext = { redo: SubtaskState | null; setRedo: (s: SubtaskState | null) => void };
const Ctx = createContext<RedoContext>({ redo: null, setRedo: () => {} });
export const useRedo = () => useContext(Ctx);

/** The redo item of spec §4, cleared when the route leaves its href. */
export function RedoProvider({ children }: { children: ReactNode }) {
  const [redo, setRedo] = useState<SubtaskState | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    setRedo((current) => (current && !keepsRedo(current, pathname) ? null : current));
  }, [pathname]);
  // The same value until the redo item changes: a new object on each render of the layout would be a
  // change for every consumer, and React hydrates a part still shown from the server's HTML
  // (app/hydrateWhenSeen.tsx) as soon as any context above it changes.
  const value = useMemo(() => ({ redo, setRedo }), [redo]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** While a redo item is set, its steps show as a small guided tour on the page. */
export function GuidedTour() {
  const { t } = useTranslation("onboarding");
  // Topic and subtask keys come from the contracts' data, so they are typed as plain strings.
  const td = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const { redo, setRedo } = useRedo();
  if (!redo) return null;
  return (
    <Paper
      role="region"
      aria-label={t("tour.label", { title: td(`subtasks.${redo.key}.title`) })}
      elevation={6}
      sx={{ position: "fixed", right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar - 1, width: "min(360px, calc(100vw - 32px))", p: 2 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
          {td(`subtasks.${redo.key}.title`)}
        </Typography>
        <IconButton size="small" aria-label={t("tour.close")} onClick={() => setRedo(null)}>
          <Close fontSize="small" />
        </IconButton>
      </Box>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {Array.from({ length: redo.steps }, (_, i) => (
          <li key={i}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {td(`subtasks.${redo.key}.steps.${i}.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {td(`subtasks.${redo.key}.steps.${i}.description`)}
            </Typography>
          </li>
        ))}
      </Box>
    </Paper>
  );
}
