import type { FirstData } from "../firstData";
import { companyProfileOptions } from "../../features/company/queries";
import { firstWeekDaysLeft } from "../../features/onboarding/firstVisit";
import { onboardingOptions } from "../../features/onboarding/queries";

/** The signed-in shell's own first data: the company in its menu (SideDrawer), a newcomer's onboarding steps (AppLayout). */
export const shellFirstData: FirstData = ({ me }) => [
  ...(me && me.account.company_id !== null ? [companyProfileOptions(me.account.domain)] : []),
  ...(me && firstWeekDaysLeft(me.account.created_at) > 0 ? [onboardingOptions()] : []),
];
