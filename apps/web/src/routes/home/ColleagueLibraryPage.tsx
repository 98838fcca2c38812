import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import PersonSearchOutlined from "@mui/icons-material/PersonSearchOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { EmptyState } from "../../components/EmptyState";
import { PageHeader } from "../../components/PageHeader";
import { isApiError } from "../../lib/api";
import { LibraryBrowser } from "../../features/library/LibraryBrowser";
import { useContentCounts } from "../../features/library/hooks";
import { Loading } from "../../components/Loading";
import { MyCertificates, PersonCertificates } from "../../features/certificates/CertificateList";

/**
 * /profile/:username: a colleague's public saves (same company only, PRODUCT.md). An unknown
 * username is a 404: a clear not-found state. Other failures fall back to empty lists (spec §8).
 */
export default function ColleagueLibraryPage({ username }: { username: string }) {
  const { t } = useTranslation("home");
  const me = useMe();
  const counts = useContentCounts(username);
  const mine = username === me.account.username;

  if (counts.isError && isApiError(counts.error, "not_found")) {
    return (
      <>
        <PageHeader title={t("colleague.notFoundTitle")} />
        <EmptyState
          icon={<PersonSearchOutlined />}
          title={t("colleague.notFoundHeading", { username })}
          description={t("colleague.notFoundDescription")}
          action={
            <Button component={RouterLink} to="/home" variant="contained">
              {t("colleague.backHome")}
            </Button>
          }
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t("colleague.title", { username })}
        description={mine ? t("colleague.mineDescription") : t("colleague.description")}
        actions={
          <Button component={RouterLink} to="/home">
            {t("colleague.backToMine")}
          </Button>
        }
      />
      {counts.isPending ? (
        <Loading label={t("list.loading")} py={6} />
      ) : (
        <>
          {mine ? <MyCertificates /> : me.abilities.revoke_certificates && <PersonCertificates username={username} />}
          {mine && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t("colleague.privateNote")}
            </Alert>
          )}
          <LibraryBrowser username={username} />
        </>
      )}
    </>
  );
}
