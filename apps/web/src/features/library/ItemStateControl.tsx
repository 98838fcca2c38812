import { useId, useState, type ReactElement } from "react";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import ArchiveOutlined from "@mui/icons-material/ArchiveOutlined";
import ArrowDropDown from "@mui/icons-material/ArrowDropDown";
import BookmarkBorderOutlined from "@mui/icons-material/BookmarkBorderOutlined";
import PlayCircleOutlined from "@mui/icons-material/PlayCircleOutlined";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import SendOutlined from "@mui/icons-material/SendOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import { useTranslation } from "react-i18next";
import { statesOfType, type ContentItem, type ContentType, type ItemState, type JOB_STATES, type READING_STATES } from "@learnward/contracts";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useItemStateMove } from "./itemState";
import { OnDemandMenu } from "../../components/OnDemandMenu";

const STATE_ICONS: Record<ItemState, ReactElement> = {
  wishlist: <BookmarkBorderOutlined fontSize="small" />,
  running: <PlayCircleOutlined fontSize="small" />,
  finalized: <TaskAltOutlined fontSize="small" />,
  saved: <BookmarkBorderOutlined fontSize="small" />,
  applied: <SendOutlined fontSize="small" />,
  closed: <ArchiveOutlined fontSize="small" />,
};
/** The states that end an item's way: shown in the success colour. */
const ARRIVED: readonly (ItemState | null)[] = ["finalized", "applied"];

type ReadingType = Exclude<ContentType, "job">;
/** The translation keys of each type's states (statesOfType says which a type takes). */
type StateKey = `states.${ReadingType}.${(typeof READING_STATES)[number]}` | `states.job.${(typeof JOB_STATES)[number]}`;

/** What a state is called for an item of this type ("Want to read", "Applied"…); courses keep the spec's names. */
export function useStateLabel() {
  const { t } = useTranslation("home");
  return (item: Pick<ContentItem, "content_type">, state: ItemState | null) =>
    state ? t(`states.${item.content_type}.${state}` as StateKey) : t("states.none");
}

/**
 * An item's state, one click from wherever the item shows (its card, its page): the current state as
 * a button whose menu offers every state its type takes. The move shows at once and is undone, with
 * the reason, if the server refuses it (itemState.ts).
 */
export function ItemStateControl({ item }: { item: ContentItem }) {
  const { t } = useTranslation("home");
  const label = useStateLabel();
  const message = useErrorMessage();
  const move = useItemStateMove();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = item.state;
  const choose = (to: ItemState | null) => {
    setAnchor(null);
    if (to === current) return;
    move.mutate({ item, to }, { onError: (error) => toast(message(error), "error") });
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color={ARRIVED.includes(current) ? "success" : "inherit"}
        startIcon={current ? STATE_ICONS[current] : <RadioButtonUnchecked fontSize="small" />}
        endIcon={<ArrowDropDown />}
        aria-label={t("states.button", { title: item.title, state: label(item, current) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ py: 0, minHeight: 28, textTransform: "none", borderColor: "divider", whiteSpace: "nowrap" }}
      >
        {label(item, current)}
      </Button>
      <OnDemandMenu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { "aria-label": t("states.menu") } }}
      >
        {statesOfType(item.content_type).map((state) => (
          <MenuItem key={state} role="menuitemradio" aria-checked={state === current} selected={state === current} onClick={() => choose(state)}>
            <ListItemIcon>{STATE_ICONS[state]}</ListItemIcon>
            <ListItemText>{label(item, state)}</ListItemText>
          </MenuItem>
        ))}
        {/* A saved course is always in one of its states (spec §4); anything else may have none. */}
        {current !== null && item.content_type !== "course" && (
          <MenuItem role="menuitemradio" aria-checked={false} onClick={() => choose(null)}>
            <ListItemIcon>
              <RadioButtonUnchecked fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("states.clear")}</ListItemText>
          </MenuItem>
        )}
      </OnDemandMenu>
    </>
  );
}
