import { Link as RouterLink } from "react-router";
import Button from "@mui/material/Button";
import BlockOutlined from "@mui/icons-material/BlockOutlined";
import { useTranslation } from "react-i18next";
import { PageHeader } from "./PageHeader";
import { EmptyState } from "./EmptyState";

/** Shown instead of a page the signed-in role may not open. */
export function NotAllowed({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("notAllowed.title")} />
      <EmptyState
        icon={<BlockOutlined />}
        title={t("notAllowed.heading")}
        description={t("notAllowed.description")}
        action={
          <Button component={RouterLink} to={homePath} variant="contained">
            {t("notAllowed.goHome")}
          </Button>
        }
      />
    </>
  );
}

/** Shown to a platform operator, who holds no company, instead of a page of a company's people. */
export function CompanyPageOnly() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("companyPageOnly.title")} />
      <EmptyState
        icon={<BlockOutlined />}
        title={t("companyPageOnly.heading")}
        description={t("companyPageOnly.description")}
        action={
          <Button component={RouterLink} to="/admin" variant="contained">
            {t("companyPageOnly.goToAdmin")}
          </Button>
        }
      />
    </>
  );
}
