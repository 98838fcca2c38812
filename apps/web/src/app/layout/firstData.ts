import type { FirstData } from "../firstData";
import { companyProfileOptions } from "../../features/company/queries";
import { firstWeekDaysLeft } from "../../features/onboarding/firstVisit";
import { onboardingOptions } from "../../features/onboarding/queries";
import { notificationsOptions } from "../../features/notifications/queries";

/**
 * The signed-in shell's own first data: the company in its menu (SideDrawer), a newcomer's onboarding
 * steps (AppLayout), and the bell's first page (TopBar), so that the bell, drawn once the page has
 * hydrated, finds it instead of asking for it while the page hydrates.
 */
export const shellFirstData: FirstData = ({ me }) => [
  ...(me ? [notificationsOptions()] : []),
  ...(me && me.account.company_id !== null ? [companyProfileOptions(me.account.domain)] : []),
  ...(me && firstWeekDaysLeft(me.account.created_at) > 0 ? [onboardingOptions()] : []),
];
