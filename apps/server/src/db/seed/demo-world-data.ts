// What Acme is up to in the demo: colleagues, learning paths, plans, money, requests
// and everyone's library. Plain data; demo-world.ts writes it. Days are counted back from today.

export type Team = "engineering" | "marketing";

/** Colleagues beside the one account per role, so teams, plans and budgets have people in them. */
export const COLLEAGUES = [
  { email: "priya@acme.test", name: "Priya Raman", role: "member", team: "engineering" },
  { email: "omar@acme.test", name: "Omar Haddad", role: "member", team: "engineering" },
  { email: "sofia@acme.test", name: "Sofia Marquez", role: "teamleader", team: "marketing" },
  { email: "lucas@acme.test", name: "Lucas Weber", role: "member", team: "marketing" },
] as const;

export interface PathSpec {
  key: string;
  title: string;
  description: string;
  skills: string[];
  owner: string;
  /** Each section takes `count` catalog items with its skill. */
  sections: { title: string; skill: string; count: number }[];
  /** null: still private, with a publish request waiting for the L&D leader. */
  publishedDaysAgo: number | null;
  /** Followers and how many of the path's items each has done (in order). */
  followers: Record<string, number>;
}

export const PATHS: PathSpec[] = [
  {
    key: "sql",
    title: "SQL for analysts",
    description: "From your first SELECT to window functions and cohort reports: the queries analysts write every week.",
    skills: ["sql", "data analysis"],
    owner: "ldleader@acme.test",
    sections: [
      { title: "Foundations", skill: "sql", count: 3 },
      { title: "Analysis in practice", skill: "data analysis", count: 3 },
    ],
    publishedDaysAgo: 60,
    followers: { "member@acme.test": 3, "priya@acme.test": 6, "omar@acme.test": 0, "teamleader@acme.test": 1, "lucas@acme.test": 2 },
  },
  {
    key: "feedback",
    title: "Leading with feedback",
    description: "For new and experienced leads: one-on-ones, feedback that lands and conversations that move a team forward.",
    skills: ["leadership", "communication"],
    owner: "teamleader@acme.test",
    sections: [
      { title: "First steps as a lead", skill: "leadership", count: 3 },
      { title: "Conversations that work", skill: "communication", count: 2 },
    ],
    publishedDaysAgo: 45,
    followers: { "teamleader@acme.test": 4, "sofia@acme.test": 2, "hr@acme.test": 1, "ldleader@acme.test": 5 },
  },
  {
    key: "speaking",
    title: "Speaking with confidence",
    description: "Plan a talk, tell its story and deliver it: short pieces to work through before your next presentation.",
    skills: ["public speaking"],
    owner: "sofia@acme.test",
    sections: [
      { title: "Prepare", skill: "public speaking", count: 2 },
      { title: "Deliver", skill: "communication", count: 2 },
    ],
    publishedDaysAgo: 20,
    followers: { "lucas@acme.test": 3, "member@acme.test": 1, "sofia@acme.test": 4 },
  },
  {
    key: "kubernetes",
    title: "Kubernetes from zero",
    description: "Pods, deployments and services, then running them in the cloud: my notes for the platform team.",
    skills: ["kubernetes", "cloud"],
    owner: "member@acme.test",
    sections: [{ title: "Basics", skill: "kubernetes", count: 3 }],
    publishedDaysAgo: null,
    followers: {},
  },
];

export interface PlanSpec {
  title: string;
  /** Negative: already past (the API refuses a past deadline; the seed writes it directly). */
  deadlineInDays: number;
  createdDaysAgo: number;
  createdBy: string;
  /** skill → path keys */
  skills: Record<string, string[]>;
  teams: Team[];
  people: string[];
  /** Stored statuses of those who answered (completion is computed from what they did). */
  answered: Record<string, "active" | "rejected">;
}

export const PLANS: PlanSpec[] = [
  {
    title: "Data literacy sprint",
    deadlineInDays: -12,
    createdDaysAgo: 40,
    createdBy: "ldleader@acme.test",
    skills: { sql: ["sql"] },
    teams: ["engineering"],
    people: [],
    answered: { "member@acme.test": "active", "priya@acme.test": "active", "teamleader@acme.test": "rejected" },
  },
  {
    title: "Present your work",
    deadlineInDays: 7,
    createdDaysAgo: 12,
    createdBy: "sofia@acme.test",
    skills: { "public speaking": ["speaking"] },
    teams: ["marketing"],
    people: ["member@acme.test"],
    answered: { "lucas@acme.test": "active", "member@acme.test": "active" },
  },
];

export interface BudgetSpec {
  /** Share of the year's budget, in minor units of the company currency. */
  amountMinor: number;
  allocations: Record<Team, number>;
}
export const BUDGET: BudgetSpec = { amountMinor: 6_000_000, allocations: { engineering: 2_500_000, marketing: 1_500_000 } };

export interface RequestSpec {
  by: string;
  title: string;
  link: string;
  priceMinor: number;
  reason: string;
  daysAgo: number;
  status: "pending" | "approved" | "rejected" | "paid";
  decidedBy?: string;
  decidedDaysAgo?: number;
  rejectionReason?: string;
  paidDaysAgo?: number;
  paymentReference?: string;
}

export const REQUESTS: RequestSpec[] = [
  {
    by: "member@acme.test",
    title: "The Complete SQL Bootcamp",
    link: "https://www.udemy.com/course/the-complete-sql-bootcamp/",
    priceMinor: 8_999,
    reason: "For the data literacy sprint.",
    daysAgo: 34,
    status: "paid",
    decidedBy: "teamleader@acme.test",
    decidedDaysAgo: 33,
    paidDaysAgo: 30,
    paymentReference: "INV-2041",
  },
  {
    by: "priya@acme.test",
    title: "Frontend Masters, one year",
    link: "https://frontendmasters.com/join/",
    priceMinor: 39_000,
    reason: "The React and performance courses for the new web app.",
    daysAgo: 8,
    status: "approved",
    decidedBy: "teamleader@acme.test",
    decidedDaysAgo: 6,
  },
  {
    by: "omar@acme.test",
    title: "AWS Certified Solutions Architect exam",
    link: "https://aws.amazon.com/certification/certified-solutions-architect-associate/",
    priceMinor: 30_000,
    reason: "We move the platform to AWS this year.",
    daysAgo: 2,
    status: "pending",
  },
  {
    by: "omar@acme.test",
    title: "KubeCon Europe ticket",
    link: "https://events.linuxfoundation.org/kubecon-cloudnativecon-europe/",
    priceMinor: 120_000,
    reason: "Talks on running Kubernetes at our scale.",
    daysAgo: 21,
    status: "rejected",
    decidedBy: "teamleader@acme.test",
    decidedDaysAgo: 19,
    rejectionReason: "Over this year's conference budget; ask again for the autumn meetup.",
  },
  {
    by: "sofia@acme.test",
    title: "Google Analytics certification course",
    link: "https://www.coursera.org/learn/google-analytics",
    priceMinor: 25_000,
    reason: "Campaign reporting for the whole team.",
    daysAgo: 15,
    status: "approved",
    decidedBy: "ldleader@acme.test",
    decidedDaysAgo: 14,
  },
  {
    by: "lucas@acme.test",
    title: "Copywriting masterclass",
    link: "https://www.domestika.org/en/courses/copywriting",
    priceMinor: 14_900,
    reason: "Landing pages for the spring launch.",
    daysAgo: 1,
    status: "pending",
  },
  {
    by: "lucas@acme.test",
    title: "Canva Pro, one year",
    link: "https://www.canva.com/pro/",
    priceMinor: 11_900,
    reason: "Social posts without waiting on design.",
    daysAgo: 50,
    status: "paid",
    decidedBy: "sofia@acme.test",
    decidedDaysAgo: 49,
    paidDaysAgo: 45,
    paymentReference: "INV-1987",
  },
];

export const INVITE_REQUESTS = [
  {
    by: "teamleader@acme.test",
    team: "engineering" as Team,
    email: "nina.patel@acme.test",
    reason: "Joins the data team on the 1st.",
    daysAgo: 3,
    status: "pending" as const,
  },
  {
    by: "sofia@acme.test",
    team: "marketing" as Team,
    email: "contractor@acme.test",
    reason: "Two weeks of help with the launch.",
    daysAgo: 25,
    status: "rejected" as const,
    decidedBy: "hr@acme.test",
  },
];

/** Each person's library: how many of each kind in each state, and a folder. */
export interface LibrarySpec {
  courses: { wishlist: number; running: number; finalized: number };
  /** Articles, videos, books and podcasts: saved only, in progress, done. */
  others: { saved: number; running: number; finalized: number };
  jobs: number;
  folder?: { name: string; sections: string[] };
}

export const LIBRARIES: Record<string, LibrarySpec> = {
  "member@acme.test": {
    courses: { wishlist: 3, running: 2, finalized: 2 },
    others: { saved: 6, running: 2, finalized: 3 },
    jobs: 1,
    folder: { name: "Data engineering", sections: ["To read", "Reference"] },
  },
  "teamleader@acme.test": {
    courses: { wishlist: 2, running: 1, finalized: 2 },
    others: { saved: 5, running: 1, finalized: 2 },
    jobs: 0,
    folder: { name: "Team growth", sections: ["One-on-ones", "Hiring"] },
  },
  "ldleader@acme.test": {
    courses: { wishlist: 2, running: 1, finalized: 1 },
    others: { saved: 6, running: 1, finalized: 2 },
    jobs: 0,
    folder: { name: "Path ideas", sections: ["Data", "Leadership"] },
  },
  "hr@acme.test": {
    courses: { wishlist: 1, running: 1, finalized: 1 },
    others: { saved: 4, running: 1, finalized: 1 },
    jobs: 2,
    folder: { name: "Onboarding reads", sections: ["Week one", "Later"] },
  },
  "priya@acme.test": { courses: { wishlist: 1, running: 1, finalized: 1 }, others: { saved: 3, running: 0, finalized: 2 }, jobs: 0 },
  "omar@acme.test": { courses: { wishlist: 2, running: 1, finalized: 0 }, others: { saved: 2, running: 1, finalized: 0 }, jobs: 0 },
  "sofia@acme.test": { courses: { wishlist: 1, running: 1, finalized: 1 }, others: { saved: 3, running: 1, finalized: 1 }, jobs: 0 },
  "lucas@acme.test": { courses: { wishlist: 2, running: 0, finalized: 1 }, others: { saved: 3, running: 1, finalized: 1 }, jobs: 0 },
};
