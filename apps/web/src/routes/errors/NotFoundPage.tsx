import { Link as RouterLink } from "react-router";
import Button from "@mui/material/Button";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { useTranslation } from "react-i18next";
import { AppLayout } from "../../app/layout/AppLayout";
import { useMe } from "../../app/session";
import { homePathFor } from "../../features/identity/hooks";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState } from "../../components/EmptyState";

function NotFound() {
  const { t } = useTranslation();
  const homePath = homePathFor(useMe().abilities);
  return (
    <>
      <PageHeader title={t("notFound.title")} />
      <EmptyState
        icon={<SearchOffOutlined />}
        title={t("notFound.heading")}
        description={t("notFound.description")}
        action={
          <Button component={RouterLink} to={homePath} variant="contained">
            {t("notFound.goHome")}
          </Button>
        }
      />
    </>
  );
}

/**
 * Any unknown path, inside the app shell. spec §2: any route but the public ones sends an unsigned
 * user to /login, an unknown one too (the shell's RequireAuth does it).
 */
export default function NotFoundPage() {
  return (
    <AppLayout>
      <NotFound />
    </AppLayout>
  );
}
