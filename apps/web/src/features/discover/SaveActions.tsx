import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import BookmarkAddOutlined from "@mui/icons-material/BookmarkAddOutlined";
import BookmarkAddedOutlined from "@mui/icons-material/BookmarkAddedOutlined";
import FavoriteBorderOutlined from "@mui/icons-material/FavoriteBorderOutlined";
import FavoriteOutlined from "@mui/icons-material/FavoriteOutlined";
import { useTranslation } from "react-i18next";
import type { DiscoverContent } from "@learnward/contracts";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useSaveItem, useWishlistItem } from "./hooks";

type Item = Pick<DiscoverContent, "id_content" | "title" | "content_type" | "mine">;

/**
 * One click to my library, and for courses one click to my wishlist (spec §4: a saved course
 * starts on the wishlist). The buttons say what is already done, and a toast confirms.
 */
export function SaveActions({ item, size = "small" }: { item: Item; size?: "small" | "medium" }) {
  const { t } = useTranslation("discover");
  const save = useSaveItem();
  const wishlist = useWishlistItem();
  const saved = item.mine !== null || save.isSuccess || wishlist.isSuccess;
  const onWishlist = item.mine?.course_status === "wishlist" || wishlist.isSuccess || (item.content_type === "course" && save.isSuccess);
  const title = item.title;

  const onSave = () =>
    save.mutate(item, {
      onSuccess: () => toast(t("actions.savedToast", { title }), "success"),
      onError: (error) => (isApiError(error, "already_in_library") ? toast(t("actions.alreadySaved", { title }), "info") : toast(t("actions.failed"), "error")),
    });
  const onWish = () =>
    wishlist.mutate(item, {
      onSuccess: () => toast(t("actions.wishlistToast", { title }), "success"),
      onError: () => toast(t("actions.failed"), "error"),
    });

  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
      <Button
        size={size}
        variant={saved ? "text" : "outlined"}
        startIcon={saved ? <BookmarkAddedOutlined /> : <BookmarkAddOutlined />}
        disabled={saved || save.isPending}
        aria-label={saved ? t("actions.savedLabel", { title }) : t("actions.saveLabel", { title })}
        onClick={onSave}
      >
        {saved ? t("actions.saved") : t("actions.save")}
      </Button>
      {item.content_type === "course" && (
        <Button
          size={size}
          variant={onWishlist ? "text" : "outlined"}
          startIcon={onWishlist ? <FavoriteOutlined /> : <FavoriteBorderOutlined />}
          disabled={onWishlist || wishlist.isPending || item.mine?.course_status === "running" || item.mine?.course_status === "finalized"}
          aria-label={onWishlist ? t("actions.onWishlistLabel", { title }) : t("actions.wishlistLabel", { title })}
          onClick={onWish}
        >
          {onWishlist ? t("actions.onWishlist") : t("actions.wishlist")}
        </Button>
      )}
    </Box>
  );
}
