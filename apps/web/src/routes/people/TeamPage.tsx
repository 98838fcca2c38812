import { useParams } from "react-router";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { ModulePage } from "../../components/ModulePage";

/** /peopleManagement/team/{id}: a team leader's own team (spec §6). */
export default function TeamPage() {
  const { t } = useTranslation("people");
  const { id } = useParams();
  const { account } = useMe();
  // The session knows the name of the viewer's own team; other teams arrive with the people module.
  const ownTeam = account.team && String(account.team.id) === id ? account.team : null;
  return (
    <ModulePage
      title={ownTeam ? t("team.titleNamed", { name: ownTeam.name }) : t("team.title")}
      description={t("team.description")}
      emptyTitle={t("team.emptyTitle")}
      emptyDescription={t("team.emptyDescription")}
      icon={<GroupsOutlined />}
    />
  );
}
