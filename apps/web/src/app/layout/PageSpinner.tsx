import { useTranslation } from "react-i18next";
import { Loading } from "../../components/Loading";

/** Inside the layout, while a page's translations load. */
export function PageSpinner() {
  const { t } = useTranslation();
  return <Loading label={t("loading")} py={8} />;
}
