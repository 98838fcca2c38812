import type { FirstData } from "../../app/firstData";
import { FIRST_ACCOUNTS } from "./AccountsTable";
import { FIRST_SECURITY_EVENTS, firstAudit } from "./AuditLog";
import { FIRST_BUDGETS } from "./BudgetsTable";
import { FIRST_COMPANIES } from "./CompaniesTable";
import { accountsOptions, adminBudgetsOptions, auditOptions, companiesOptions } from "./queries";

// Each admin page's first data: the first page its table and its audit list open with, as they
// declare them. Only for platform admins (RequireAbility admin_area): anyone else is refused.

/** /admin: the companies and their audit. */
export const companiesFirstData: FirstData = ({ me }) =>
  me?.abilities.admin_area ? [companiesOptions(FIRST_COMPANIES), auditOptions(firstAudit("company"))] : [];

/** /admin/budget-management: every company's budgets and their audit. */
export const budgetManagementFirstData: FirstData = ({ me }) =>
  me?.abilities.admin_area ? [adminBudgetsOptions(FIRST_BUDGETS), auditOptions(firstAudit("budget"))] : [];

/** /admin/people-management: every account, their audit, and the platform's security events. */
export const adminPeopleFirstData: FirstData = ({ me }) =>
  me?.abilities.admin_area ? [accountsOptions(FIRST_ACCOUNTS), auditOptions(firstAudit("account")), auditOptions(FIRST_SECURITY_EVENTS)] : [];
