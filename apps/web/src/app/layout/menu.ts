import type { AccountAbilities } from "@learnward/contracts";

export type NavKey =
  | "home"
  | "discover"
  | "insights"
  | "learningPaths"
  | "library"
  | "myTasks"
  | "publishRequests"
  | "teamBudget"
  | "companyBudget"
  | "purchaseRequests"
  | "peopleManagement"
  | "skillboost"
  | "admin"
  | "companies"
  | "budgetManagement"
  | "adminPeople"
  | "outbox";

export type NavGroupKey = "main" | "network" | "budgeting" | "people" | "admin";

export interface NavItem {
  key: NavKey;
  to: string;
}

export interface NavGroup {
  key: NavGroupKey;
  /** Whether the group shows a heading (the first group of plain entries has none). */
  titled: boolean;
  items: NavItem[];
}

/** spec §6: the admin menu appears on paths starting with /admin. */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

interface MenuInput {
  /** The account's abilities as GET /api/me answers them. */
  abilities: AccountAbilities;
  /** The account's team, used for a team leader's people entry. */
  teamId: number | null;
  pathname: string;
}

/** The left drawer's entries for an account on a path (spec §6). */
export function menuFor({ abilities, teamId, pathname }: MenuInput): NavGroup[] {
  if (abilities.admin_area) {
    if (isAdminPath(pathname)) {
      return [
        {
          key: "admin",
          titled: true,
          items: [
            { key: "companies", to: "/admin" },
            { key: "budgetManagement", to: "/admin/budget-management" },
            { key: "adminPeople", to: "/admin/people-management" },
            // The server keeps an outbox only outside production.
            ...(abilities.read_outbox ? [{ key: "outbox", to: "/admin/outbox" } as const] : []),
          ],
        },
      ];
    }
    // Platform operators belong to no company: outside /admin their only entry leads back to it.
    return [{ key: "main", titled: false, items: [{ key: "admin", to: "/admin" }] }];
  }

  const groups: NavGroup[] = [
    {
      key: "main",
      titled: false,
      items: [
        { key: "home", to: "/home" },
        { key: "discover", to: "/discover" },
        { key: "insights", to: "/dashboard/content" },
      ],
    },
    {
      key: "network",
      titled: true,
      items: [
        { key: "learningPaths", to: "/collaborative-network" },
        { key: "library", to: "/collaborative-network/library" },
        { key: "myTasks", to: "/collaborative-network/myTasks" },
        { key: "publishRequests", to: "/collaborative-network/publishRequest" },
      ],
    },
    {
      key: "budgeting",
      titled: true,
      items: [
        { key: "teamBudget", to: "/budgetingPlan" },
        // spec §6: the company budget entry is visible only to ldleader.
        ...(abilities.manage_company_budget ? [{ key: "companyBudget", to: "/budgetingPlan/companyBudget" } as const] : []),
        { key: "purchaseRequests", to: "/budgetingPlan/purchaseRequest" },
      ],
    },
  ];

  if (abilities.see_people) {
    // spec §6: a team leader's people entry goes to their own team.
    const peopleTo = abilities.see_own_team && teamId !== null ? `/peopleManagement/team/${teamId}` : "/peopleManagement";
    groups.push({
      key: "people",
      titled: true,
      items: [
        { key: "peopleManagement", to: peopleTo },
        { key: "skillboost", to: "/peopleManagement/skillboost" },
      ],
    });
  }
  return groups;
}

/** The entry the current path belongs to: the longest entry path that is a prefix of it. */
export function activeNavKey(groups: NavGroup[], pathname: string): NavKey | undefined {
  let best: NavItem | undefined;
  for (const item of groups.flatMap((group) => group.items)) {
    const matches = pathname === item.to || pathname.startsWith(`${item.to}/`);
    if (matches && (!best || item.to.length > best.to.length)) best = item;
  }
  return best?.key;
}
