// npm run bench:copilot: the copilot's retrieval quality and answer time on the demo catalog.
// 30 fixed questions (English and Spanish) with hand-labelled relevant catalog items: prints
// precision@5 and recall@10 of the local engine's retrieval, and how long answers take (the
// engine alone, and a whole POST …/messages/ through the server with its database writes).
// Target: precision@5 ≥ 0.8. Exits 1 when the target is missed.
// Then the open set (bench/copilot-open.ts): a fresh company's catalog of topics nobody
// listed, with tuning and held-out halves; its figures are printed next to their targets.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { contentItems } from "../apps/server/src/db/schema/index.ts";
import { seedDemo } from "../apps/server/src/db/seed/index.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { createDiscoverRepo } from "../apps/server/src/modules/discover/discover.repo.ts";
import { createCopilotEngine } from "../apps/server/src/modules/discover/copilot/engine.ts";
import { learnCompany } from "../apps/server/src/modules/discover/catalog-learning.ts";
import { createCatalogLearningRepo } from "../apps/server/src/modules/discover/catalog-learning.repo.ts";
import { openSetQuestions, runOpenSet } from "./copilot-open.ts";
import { embeddingsEnv } from "./semantic.ts";

const TARGET_P5 = 0.8;
const ENGINE_RUNS = 5;

interface Question {
  q: string;
  locale: "en" | "es";
  /** Catalog titles a good answer would draw on (hand-labelled from the demo catalog). */
  relevant: string[];
}

const QUESTIONS: Question[] = [
  {
    q: "I need to learn SQL for analytics in two weeks",
    locale: "en",
    relevant: [
      "SQL for Data Analysis: Window Functions in Practice",
      "SQL Window Functions Tutorial",
      "SQL Joins Explained Visually for Beginners",
      "Data Analysis Livestream: Exploring NYC Taxi Data with SQL",
      "SQL for Data Science",
      "Foundations: Data, Data, Everywhere",
      "Modern SQL Warehouses and the Analytics Stack",
      "SQL Essential Training",
      "The Complete SQL Bootcamp: Go from Zero to Hero",
    ],
  },
  {
    q: "quiero aprender Python en un mes",
    locale: "es",
    relevant: [
      "Curso Básico de Python",
      "Curso de Manipulación y Análisis de Datos con Pandas",
      "Python para análisis de datos en la empresa",
      "Programming for Everybody (Getting Started with Python)",
      "CS50's Introduction to Programming with Python",
      "Python Essential Training",
      "100 Days of Code: The Complete Python Pro Bootcamp",
      "Writing Readable Python: PEP 8 and Beyond",
      "Python for Data Analysis",
      "Pandas GroupBy Explained with Real Sales Data",
      "The Pandas DataFrame: Make Working With Data Delightful",
      "Python for Data Analysis: Cleaning Messy CSV Files",
      "Pairing Session: Refactoring Python Data Pipelines",
      "Modern Python Packaging with pyproject.toml",
    ],
  },
  {
    q: "How can I negotiate a better salary for my job offer?",
    locale: "en",
    relevant: [
      "15 Rules for Negotiating a Job Offer",
      "BATNA Basics: Boost Your Power at the Bargaining Table",
      "Tactical Empathy: Negotiation Lessons from a Former FBI Negotiator",
      "Successful Negotiation: Essential Strategies and Skills",
      "Negotiation Foundations",
      "How to Negotiate When You Have Less Power",
      "Anchoring and First Offers",
      "Never Split the Difference: Negotiating As If Your Life Depended On It",
      "Getting to Yes: Negotiating Agreement Without Giving In",
      "Negotiation Skills and Effective Communication",
    ],
  },
  {
    q: "Cursos de liderazgo para equipos remotos",
    locale: "es",
    relevant: [
      "Liderazgo de equipos remotos",
      "Curso de Liderazgo para Equipos de Alto Rendimiento",
      "Inspiring and Motivating Individuals",
      "Leading with Emotional Intelligence",
      "Creative Leadership: Managing Design Teams",
    ],
  },
  {
    q: "I'm scared of public speaking, I have a talk in 3 days",
    locale: "en",
    relevant: [
      "Managing Speech Anxiety Before Your Next Talk",
      "Speaking Up Without Freaking Out",
      "TED's Secret to Great Public Speaking",
      "Presentation Skills: Opening Your Talk with Impact",
      "The Secret Structure of Great Talks",
      "How to Give a Killer Presentation",
      "Your Body Language May Shape Who You Are",
      "How to Speak So That People Want to Listen",
      "Public Speaking Foundations",
      "Public Speaking: Deliver Talks That Engage",
    ],
  },
  { q: "Python job openings", locale: "en", relevant: ["Junior Python Developer", "Machine Learning Engineer"] },
  {
    q: "videos about kubernetes",
    locale: "en",
    relevant: ["Kubernetes Explained in 15 Minutes", "Live Debugging a Kubernetes Cluster", "Kubernetes en español: despliegues, servicios e ingress"],
  },
  {
    q: "How do I run good one-on-ones with my reports?",
    locale: "en",
    relevant: [
      "Running Effective One-on-Ones",
      "Running Better One-on-Ones",
      "The First 90 Days as a New Engineering Manager",
      "Radical Candor: Be a Kick-Ass Boss Without Losing Your Humanity",
      "Giving Feedback That Lands",
      "The Feedback Fallacy",
      "The Surprising Power of Questions",
    ],
  },
  {
    q: "¿Cómo doy feedback efectivo a mi equipo?",
    locale: "es",
    relevant: [
      "Cómo dar feedback efectivo a tu equipo",
      "Giving Feedback That Lands",
      "The Feedback Fallacy",
      "Radical Candor: Be a Kick-Ass Boss Without Losing Your Humanity",
      "Running Effective One-on-Ones",
    ],
  },
  {
    q: "Introduction to UX design for beginners",
    locale: "en",
    relevant: [
      "Introduction to User Experience Design",
      "Introduction to UX Design",
      "UX Design Fundamentals: Research to Wireframes",
      "Diseño UX/UI desde cero",
      "10 Usability Heuristics for User Interface Design",
      "Don't Make Me Think, Revisited: A Common Sense Approach to Web Usability",
      "The Design of Everyday Things",
      "Usability Testing on a Budget",
      "Why You Only Need to Test with 5 Users",
      "Journey Mapping 101",
    ],
  },
  {
    q: "I have 10 hours to get started with Kubernetes",
    locale: "en",
    relevant: [
      "Kubernetes Overview: What It Is and Why It Matters",
      "Kubernetes Pods, Deployments and Services Explained Simply",
      "Kubernetes Explained in 15 Minutes",
      "Kubernetes for the Absolute Beginners: Hands-on",
      "Learning Kubernetes",
      "Introduction to Kubernetes",
      "Kubernetes: Up and Running",
      "Architecting with Google Kubernetes Engine: Foundations",
      "Curso de Kubernetes",
      "Kubernetes en español: despliegues, servicios e ingress",
    ],
  },
  {
    q: "quiero mejorar en Excel para análisis de datos",
    locale: "es",
    relevant: [
      "Excel para el análisis de datos",
      "Microsoft Excel: From Beginner to Advanced",
      "Excel XLOOKUP and Dynamic Arrays in 20 Minutes",
      "Data Analysis: Visualization and Dashboard Design",
      "Data Visualization with Excel Charts",
    ],
  },
  {
    q: "machine learning basics",
    locale: "en",
    relevant: [
      "What Is Generative AI?",
      "Linear Regression, Clearly Explained",
      "Supervised Machine Learning: Regression and Classification",
      "Feature Engineering in Practice",
      "The State of AI: Adoption Trends and Value Capture",
    ],
  },
  {
    q: "podcasts about negotiation",
    locale: "en",
    relevant: ["How to Negotiate When You Have Less Power", "Anchoring and First Offers", "Cómo negociar una ronda de inversión"],
  },
  {
    q: "libros de negociación",
    locale: "es",
    relevant: [
      "Nunca dividas la diferencia",
      "Never Split the Difference: Negotiating As If Your Life Depended On It",
      "Getting to Yes: Negotiating Agreement Without Giving In",
    ],
  },
  {
    q: "How do I make better data visualizations and dashboards?",
    locale: "en",
    relevant: [
      "Storytelling with Data: Choosing the Right Chart",
      "Storytelling with Data: A Data Visualization Guide for Business Professionals",
      "The Best Stats You've Ever Seen",
      "Data Visualization and Information Design",
      "Data Analysis: Visualization and Dashboard Design",
      "Data Visualization with Excel Charts",
    ],
  },
  {
    q: "React hooks tutorial",
    locale: "en",
    relevant: [
      "Understanding React useEffect Once and For All",
      "React Hooks Crash Course",
      "React: The Complete Guide",
      "Introducción a React Server Components",
    ],
  },
  {
    q: "CSS layout with flexbox and grid",
    locale: "en",
    relevant: [
      "Modern CSS Layouts: Grid and Flexbox in Practice",
      "A Complete Guide to Flexbox",
      "A Complete Guide to CSS Grid",
      "A Complete Guide to Custom Properties",
    ],
  },
  {
    q: "quiero aprender a hablar en público en dos semanas",
    locale: "es",
    relevant: [
      "Ocho claves para hablar en público sin nervios",
      "Cómo hablar en público con seguridad",
      "Oratoria y presentaciones efectivas",
      "Curso de Oratoria y Hablar en Público",
      "Diseño de presentaciones para comunicar ideas",
      "Public Speaking Foundations",
      "TED's Secret to Great Public Speaking",
      "Talk Like TED: The 9 Public-Speaking Secrets of the World's Top Minds",
    ],
  },
  {
    q: "project management fundamentals",
    locale: "en",
    relevant: [
      "Agile Project Management: A Practical Guide",
      "Stakeholder Mapping for Project Managers",
      "PMP Exam Prep: Project Management Fundamentals",
      "Project Management Foundations",
    ],
  },
  {
    q: "cloud computing fundamentals",
    locale: "en",
    relevant: [
      "Cloud Computing Fundamentals: IaaS, PaaS and SaaS",
      "Introduction to Cloud Computing",
      "Introduction to Docker Containers",
      "Microservices: A Definition of This New Architectural Term",
      "Kubernetes Overview: What It Is and Why It Matters",
      "Architecting with Google Kubernetes Engine: Foundations",
      "Kubernetes Pods, Deployments and Services Explained Simply",
      "Kubernetes Explained in 15 Minutes",
      "Introduction to Kubernetes",
      "Kubernetes: Up and Running",
      "Curso de Kubernetes",
      "Kubernetes en español: despliegues, servicios e ingress",
    ],
  },
  {
    q: "Learn personal finance and valuation",
    locale: "en",
    relevant: [
      "Discounted Cash Flow (DCF) Explained",
      "Personal Finance 101: Budgeting That Sticks",
      "How Interest Rates Really Work",
      "Cómo negociar una ronda de inversión",
    ],
  },
  {
    q: "curso de marketing digital",
    locale: "es",
    relevant: ["Marketing digital desde cero", "The Complete Digital Marketing Course", "Brand Strategy for Small Businesses", "Branding para emprendedores"],
  },
  {
    q: "design thinking workshop facilitation",
    locale: "en",
    relevant: [
      "How to Run a Design Sprint in Five Days",
      "Facilitating Remote Workshops That Actually Work",
      "Design Thinking Fundamentals",
      "Journey Mapping 101",
      "Build a Tower, Build a Team",
      "The Design of Everyday Things",
    ],
  },
  {
    q: "gestión del tiempo y productividad",
    locale: "es",
    relevant: ["Time Management for Busy Managers", "Productivity for Creatives: Build a Weekly System", "Hábitos atómicos"],
  },
  {
    q: "sales prospecting emails and cold outreach",
    locale: "en",
    relevant: ["Sales Email Templates That Get Replies", "Negotiation Skills Every Salesperson Needs", "Anchoring and First Offers"],
  },
  {
    q: "análisis de datos con pandas",
    locale: "es",
    relevant: [
      "Curso de Manipulación y Análisis de Datos con Pandas",
      "Pandas GroupBy Explained with Real Sales Data",
      "The Pandas DataFrame: Make Working With Data Delightful",
      "Python for Data Analysis",
      "Python for Data Analysis: Cleaning Messy CSV Files",
      "Python para análisis de datos en la empresa",
      "Pairing Session: Refactoring Python Data Pipelines",
    ],
  },
  {
    q: "product management: writing specs and strategy",
    locale: "en",
    relevant: [
      "The Anatomy of a Great Product Spec",
      "Writing Product Strategy That Actually Works",
      "Inspired: How to Create Tech Products Customers Love",
      "Customer Discovery Interviews Explained",
    ],
  },
  {
    q: "necesito aprender React y JavaScript en 3 semanas",
    locale: "es",
    relevant: [
      "Introducción a React Server Components",
      "React Hooks Crash Course",
      "React: The Complete Guide",
      "Understanding React useEffect Once and For All",
      "Live Coding: Building a REST API in TypeScript",
      "A Complete Guide to Custom Properties",
    ],
  },
  {
    q: "emotional intelligence and empathy at work",
    locale: "en",
    relevant: [
      "The Power of Vulnerability",
      "Leading with Emotional Intelligence",
      "Liderazgo: el poder de la inteligencia emocional",
      "Tactical Empathy: Negotiation Lessons from a Former FBI Negotiator",
    ],
  },
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));

async function main() {
  openSetQuestions(); // a mislabelled open set fails before the long part
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-bench-copilot-"));
  const database = await openDatabase({});
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, WEB_DIST: "/nonexistent-web-dist", ...embeddingsEnv() });
  const app = await buildApp({ config, database, authSecret: randomUUID() + randomUUID(), logger: false, imageCacheDir: path.join(dataDir, "images") });
  await app.ready();
  await seedDemo(database.db, { password: "learnward-demo", auth: app.auth });
  // What the daily catalog.learn job would have learned from each seeded catalog.
  const learning = createCatalogLearningRepo(database.db);
  for (const companyId of await learning.companies()) await learnCompany({ db: database.db, repo: learning }, companyId);

  const signIn = async (email: string) => {
    const res = await app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password: "learnward-demo" } });
    return String(res.headers["set-auth-token"]);
  };
  const me = await app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${await signIn("member@acme.test")}` } });
  const companyId = (me.json() as { company: { id: number } }).company.id;
  // Two people ask half the questions each: the copilot allows 20 questions a minute per person.
  const tokens = [await signIn("member@acme.test"), await signIn("teamleader@acme.test")];
  const conversations: number[] = [];
  for (const token of tokens) {
    const res = await app.inject({ method: "POST", url: "/api/b2b/v1/copilot/conversations/", headers: { authorization: `Bearer ${token}` }, payload: {} });
    conversations.push((res.json() as { id: number }).id);
  }

  const titles = [...new Set(QUESTIONS.flatMap((q) => q.relevant))];
  const rows = await database.db
    .select({ id: contentItems.id, title: contentItems.title })
    .from(contentItems)
    .where(and(eq(contentItems.companyId, companyId), inArray(contentItems.title, titles)));
  const idOf = new Map(rows.map((r) => [r.title, r.id]));
  const missing = titles.filter((t) => !idOf.has(t));
  if (missing.length) throw new Error(`labelled titles not in the catalog: ${missing.join("; ")}`);

  const engine = createCopilotEngine(createDiscoverRepo(database.db));
  await engine.answer(companyId, "warm up", { locale: "en" });

  console.log(`copilot retrieval on the demo catalog (${QUESTIONS.length} questions, local engine)\n`);
  console.log(`${pad("question", 58)} ${"P@5".padStart(5)} ${"R@10".padStart(5)} ${"|R|".padStart(4)} ${"engine ms".padStart(9)} ${"http ms".padStart(8)}`);
  const p5: number[] = [];
  const r10: number[] = [];
  const engineMs: number[] = [];
  const httpMs: number[] = [];
  for (const [i, question] of QUESTIONS.entries()) {
    const relevant = new Set(question.relevant.map((t) => idOf.get(t)!));
    const { ranked } = await engine.retrieve(companyId, question.q, { locale: question.locale });
    const top5 = ranked.slice(0, 5);
    // Precision over what is shown: a question with fewer than five matches shows fewer.
    const precision = top5.length ? top5.filter((c) => relevant.has(c.id)).length / top5.length : 0;
    const recall = ranked.slice(0, 10).filter((c) => relevant.has(c.id)).length / relevant.size;
    const times: number[] = [];
    for (let run = 0; run < ENGINE_RUNS; run++) {
      const started = performance.now();
      await engine.answer(companyId, question.q, { locale: question.locale });
      times.push(performance.now() - started);
    }
    const engineTime = percentile(times, 50);
    const started = performance.now();
    const res = await app.inject({
      method: "POST",
      url: `/api/b2b/v1/copilot/conversations/${conversations[i % 2]}/messages/`,
      headers: { authorization: `Bearer ${tokens[i % 2]}` },
      payload: { content: question.q },
    });
    const httpTime = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`POST messages answered ${res.statusCode}: ${res.body}`);
    p5.push(precision);
    r10.push(recall);
    engineMs.push(engineTime);
    httpMs.push(httpTime);
    console.log(
      `${pad(question.q, 58)} ${precision.toFixed(2).padStart(5)} ${recall.toFixed(2).padStart(5)} ${String(relevant.size).padStart(4)} ${engineTime.toFixed(1).padStart(9)} ${httpTime.toFixed(1).padStart(8)}`,
    );
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const meanP5 = mean(p5);
  console.log(`\nprecision@5  mean ${meanP5.toFixed(3)}  (target ≥ ${TARGET_P5})`);
  console.log(`recall@10    mean ${mean(r10).toFixed(3)}  (bounded by 10/|R| where more than 10 items are relevant)`);
  console.log(`answer time  local engine p50 ${percentile(engineMs, 50).toFixed(1)} ms, p95 ${percentile(engineMs, 95).toFixed(1)} ms`);
  console.log(
    `             POST …/messages/ (JSON, with its database writes) p50 ${percentile(httpMs, 50).toFixed(1)} ms, p95 ${percentile(httpMs, 95).toFixed(1)} ms`,
  );
  console.log(`database     ${database.kind}`);

  // The second labelled set, topics the demo catalog does not cover (figures only).
  await runOpenSet(app, database);

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (meanP5 < TARGET_P5) {
    console.error(`precision@5 ${meanP5.toFixed(3)} is below the target ${TARGET_P5}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
