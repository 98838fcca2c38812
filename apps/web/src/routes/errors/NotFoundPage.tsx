import { Link as RouterLink } from "react-router";
import Button from "@mui/material/Button";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import { useTranslation } from "react-i18next";
import { AppLayout } from "../../app/layout/AppLayout";
import { PublicLayout } from "../../app/layout/PublicLayout";
import { useOptionalMe } from "../../app/session";
import { homePathFor } from "../../features/identity/hooks";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState } from "../../components/EmptyState";

function NotFound({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
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

/** Any unknown path: inside the app shell when signed in, the public one otherwise. */
export default function NotFoundPage() {
  const me = useOptionalMe();
  return me ? (
    <AppLayout>
      <NotFound homePath={homePathFor(me.account.role)} />
    </AppLayout>
  ) : (
    <PublicLayout>
      <NotFound homePath="/" />
    </PublicLayout>
  );
}
