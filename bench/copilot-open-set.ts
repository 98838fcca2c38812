// The copilot's open set, measured against its targets: 16 topics that the seeded demo catalog and the
// copilot's hand-written word lists do not cover, with the items `bench/copilot-open.ts` saves
// into a fresh company's catalog, and hand-labelled questions:
// - paraphrase: a question in English or Spanish sharing no word with the relevant titles;
// - cross-language: a Spanish question over English items, or the reverse;
// - follow-up: refines the previous question's answer ("only videos", "in Spanish", "2 hours");
// - off-topic: nothing in the catalog fits, the honest answer is "nothing found".
// Topics 1–8 form the tuning half, topics 9–16 and their questions the held-out half: whoever
// tunes the engine looks at the tuning half only.

export type Half = "tuning" | "held-out";
export type Kind = "paraphrase" | "cross-language" | "follow-up" | "off-topic";
export type Lang = "en" | "es";

export interface OpenItem {
  title: string;
  url: string;
  content_type: "article" | "video" | "course" | "podcast" | "book";
  author: string;
  description: string;
  duration_s: number | null;
  language: Lang;
  skills: string[];
}

export interface OpenQuestion {
  q: string;
  locale: Lang;
  kind: Kind;
  /** For a follow-up: the question asked just before it in the same conversation (or all before it, oldest first). */
  after?: string | string[];
  /** Titles of the items a good answer shows; empty for an off-topic question. */
  relevant: string[];
}

export interface OpenTopic {
  topic: string;
  half: Half;
  items: OpenItem[];
  questions: OpenQuestion[];
}

const H = 3600;
const M = 60;

export const OPEN_TOPICS: OpenTopic[] = [
  {
    topic: "GDPR / European privacy",
    half: "tuning",
    items: [
      {
        title: "GDPR Compliance Essentials for Teams",
        url: "https://www.coursera.org/learn/gdpr-compliance-essentials",
        content_type: "course",
        author: "Elena Fischer",
        description:
          "The General Data Protection Regulation explained for product and engineering teams: lawful basis for processing, consent, data subject rights, records of processing and breach notification within 72 hours.",
        duration_s: 4 * H,
        language: "en",
        skills: ["gdpr", "data protection", "compliance"],
      },
      {
        title: "Data Protection Impact Assessments, Step by Step",
        url: "https://www.youtube.com/watch?v=dpia-step-by-step",
        content_type: "video",
        author: "Privacy Matters",
        description:
          "When a DPIA is mandatory under the GDPR, how to describe the processing, assess necessity and risks to individuals, and document mitigations.",
        duration_s: 25 * M,
        language: "en",
        skills: ["gdpr", "data protection", "risk assessment"],
      },
      {
        title: "RGPD: protección de datos personales en la empresa",
        url: "https://platzi.com/cursos/rgpd-empresa/",
        content_type: "course",
        author: "Lucía Navarro",
        description:
          "El Reglamento General de Protección de Datos para empresas: bases de legitimación, consentimiento, derechos de los interesados, registro de actividades y notificación de brechas.",
        duration_s: 3 * H,
        language: "es",
        skills: ["rgpd", "protección de datos", "cumplimiento normativo"],
      },
    ],
    questions: [
      {
        q: "We must comply with European privacy law, where do we start?",
        locale: "en",
        kind: "paraphrase",
        relevant: [
          "GDPR Compliance Essentials for Teams",
          "Data Protection Impact Assessments, Step by Step",
          "RGPD: protección de datos personales en la empresa",
        ],
      },
      {
        q: "¿Qué exige la ley europea de privacidad a quienes guardan información de clientes?",
        locale: "es",
        kind: "paraphrase",
        relevant: [
          "RGPD: protección de datos personales en la empresa",
          "GDPR Compliance Essentials for Teams",
          "Data Protection Impact Assessments, Step by Step",
        ],
      },
      {
        q: "en español",
        locale: "es",
        kind: "follow-up",
        after: "¿Qué exige la ley europea de privacidad a quienes guardan información de clientes?",
        relevant: ["RGPD: protección de datos personales en la empresa"],
      },
    ],
  },
  {
    topic: "Customer churn",
    half: "tuning",
    items: [
      {
        title: "Churn Playbook: Why Subscribers Leave and How to Win Them Back",
        url: "https://www.gainsight.com/blog/churn-playbook/",
        content_type: "article",
        author: "Nick Mehta",
        description:
          "A retention playbook for subscription businesses: early warning signals, health scores, save offers and win-back campaigns for cancelled accounts.",
        duration_s: 15 * M,
        language: "en",
        skills: ["customer retention", "churn", "customer success"],
      },
      {
        title: "Retention Analytics with Cohort Curves",
        url: "https://www.youtube.com/watch?v=retention-cohort-curves",
        content_type: "video",
        author: "Lenny Rachitsky",
        description: "Read retention curves by signup cohort, find where users drop off, and measure whether a change reduced cancellations.",
        duration_s: 40 * M,
        language: "en",
        skills: ["customer retention", "analytics", "churn"],
      },
      {
        title: "Estrategias de retención de clientes",
        url: "https://www.crehana.com/cursos-online-marketing/estrategias-de-retencion/",
        content_type: "course",
        author: "Andrés Molina",
        description: "Cómo reducir las bajas en un negocio de suscripción: señales de abandono, programas de fidelización y campañas de recuperación.",
        duration_s: 2 * H,
        language: "es",
        skills: ["retención de clientes", "fidelización"],
      },
    ],
    questions: [
      {
        q: "Our customers keep cancelling their subscriptions",
        locale: "en",
        kind: "paraphrase",
        relevant: [
          "Churn Playbook: Why Subscribers Leave and How to Win Them Back",
          "Retention Analytics with Cohort Curves",
          "Estrategias de retención de clientes",
        ],
      },
      {
        q: "Nuestros usuarios se dan de baja del servicio al poco tiempo",
        locale: "es",
        kind: "paraphrase",
        relevant: [
          "Estrategias de retención de clientes",
          "Churn Playbook: Why Subscribers Leave and How to Win Them Back",
          "Retention Analytics with Cohort Curves",
        ],
      },
      {
        q: "only videos",
        locale: "en",
        kind: "follow-up",
        after: "Our customers keep cancelling their subscriptions",
        relevant: ["Retention Analytics with Cohort Curves"],
      },
    ],
  },
  {
    topic: "Burnout and wellbeing",
    half: "tuning",
    items: [
      {
        title: "Recognising Burnout Before It Recognises You",
        url: "https://www.ted.com/talks/recognising_burnout",
        content_type: "video",
        author: "Christina Maslach",
        description:
          "The three signs of burnout (exhaustion, cynicism, inefficacy) and what people and teams can change in the workload before it is too late.",
        duration_s: 18 * M,
        language: "en",
        skills: ["burnout", "wellbeing", "stress management"],
      },
      {
        title: "Sustainable Performance: Energy Management for Knowledge Workers",
        url: "https://www.linkedin.com/learning/sustainable-performance-energy-management",
        content_type: "course",
        author: "Tony Schwartz",
        description: "Recover from chronic stress and exhaustion: rest, boundaries, breaks and a weekly rhythm you can keep.",
        duration_s: 90 * M,
        language: "en",
        skills: ["wellbeing", "stress management", "resilience"],
      },
      {
        title: "Agotamiento laboral: cómo prevenirlo",
        url: "https://open.spotify.com/episode/agotamiento-laboral",
        content_type: "podcast",
        author: "Marta Romo",
        description: "Síndrome de burnout: señales de alerta, estrés crónico, límites sanos con el trabajo y cómo pedir ayuda.",
        duration_s: 35 * M,
        language: "es",
        skills: ["burnout", "bienestar", "gestión del estrés"],
      },
    ],
    questions: [
      {
        q: "I feel burned out at work",
        locale: "en",
        kind: "paraphrase",
        relevant: [
          "Recognising Burnout Before It Recognises You",
          "Sustainable Performance: Energy Management for Knowledge Workers",
          "Agotamiento laboral: cómo prevenirlo",
        ],
      },
      {
        q: "Estoy quemado y sin fuerzas en el trabajo",
        locale: "es",
        kind: "paraphrase",
        relevant: [
          "Agotamiento laboral: cómo prevenirlo",
          "Recognising Burnout Before It Recognises You",
          "Sustainable Performance: Energy Management for Knowledge Workers",
        ],
      },
      {
        q: "Is there a Spanish-language podcast on exhaustion at the job?",
        locale: "en",
        kind: "cross-language",
        relevant: ["Agotamiento laboral: cómo prevenirlo"],
      },
    ],
  },
  {
    topic: "French for a move to Paris",
    half: "tuning",
    items: [
      {
        title: "French for Beginners: Everyday Conversations",
        url: "https://www.udemy.com/course/french-for-beginners-everyday/",
        content_type: "course",
        author: "Camille Durand",
        description:
          "Learn French from zero: greetings, ordering food, renting a flat, small talk with colleagues. Pronunciation and the 500 most useful words.",
        duration_s: 10 * H,
        language: "en",
        skills: ["french", "languages"],
      },
      {
        title: "Survival French for Your First Week in France",
        url: "https://www.youtube.com/watch?v=survival-french-first-week",
        content_type: "video",
        author: "Easy French",
        description: "The French phrases you need when you relocate: the bank, the metro, the prefecture, the doctor.",
        duration_s: 22 * M,
        language: "en",
        skills: ["french", "relocation"],
      },
      {
        title: "Francés básico para viajar y vivir en Francia",
        url: "https://www.crehana.com/cursos-online-idiomas/frances-basico/",
        content_type: "course",
        author: "Sophie Martin",
        description: "Curso de francés desde cero para hispanohablantes: frases útiles, pronunciación y vocabulario para instalarse en París.",
        duration_s: 6 * H,
        language: "es",
        skills: ["francés", "idiomas"],
      },
    ],
    questions: [
      {
        q: "I'm moving to Paris and need to learn the language",
        locale: "en",
        kind: "paraphrase",
        relevant: [
          "French for Beginners: Everyday Conversations",
          "Survival French for Your First Week in France",
          "Francés básico para viajar y vivir en Francia",
        ],
      },
      {
        q: "only videos",
        locale: "en",
        kind: "follow-up",
        after: "I'm moving to Paris and need to learn the language",
        relevant: ["Survival French for Your First Week in France"],
      },
      {
        q: "Me mudo a París y tengo que aprender el idioma",
        locale: "es",
        kind: "paraphrase",
        relevant: [
          "Francés básico para viajar y vivir en Francia",
          "French for Beginners: Everyday Conversations",
          "Survival French for Your First Week in France",
        ],
      },
      {
        q: "in Spanish",
        locale: "en",
        kind: "follow-up",
        after: "I'm moving to Paris and need to learn the language",
        relevant: ["Francés básico para viajar y vivir en Francia"],
      },
    ],
  },
  {
    topic: "Negotiation",
    half: "tuning",
    items: [
      {
        title: "Negotiation Fundamentals: Interests, Options and BATNA",
        url: "https://www.coursera.org/learn/negotiation-fundamentals",
        content_type: "course",
        author: "George Siedel",
        description: "Prepare a negotiation, separate positions from interests, create options and know your walk-away point.",
        duration_s: 5 * H,
        language: "en",
        skills: ["negotiation", "communication"],
      },
      {
        title: "Getting to Yes",
        url: "https://books.google.com/books?id=getting-to-yes",
        content_type: "book",
        author: "Roger Fisher, William Ury",
        description: "Principled negotiation: reach agreement without giving in, focusing on interests and objective criteria.",
        duration_s: null,
        language: "en",
        skills: ["negotiation"],
      },
      {
        title: "Negociación para no negociadores",
        url: "https://open.spotify.com/episode/negociacion-no-negociadores",
        content_type: "podcast",
        author: "Cristina Aced",
        description: "Cómo preparar una negociación salarial o con un proveedor, anclar la primera oferta y cerrar un acuerdo.",
        duration_s: 30 * M,
        language: "es",
        skills: ["negociación"],
      },
    ],
    questions: [
      {
        q: "How do I push back on a price without ruining the relationship?",
        locale: "en",
        kind: "paraphrase",
        relevant: ["Negotiation Fundamentals: Interests, Options and BATNA", "Getting to Yes", "Negociación para no negociadores"],
      },
      {
        q: "¿Cómo consigo un mejor acuerdo cuando pido un aumento de sueldo?",
        locale: "es",
        kind: "paraphrase",
        relevant: ["Negociación para no negociadores", "Negotiation Fundamentals: Interests, Options and BATNA", "Getting to Yes"],
      },
    ],
  },
  {
    topic: "Accessibility",
    half: "tuning",
    items: [
      {
        title: "Web Accessibility: WCAG 2.2 in Practice",
        url: "https://www.udemy.com/course/web-accessibility-wcag-22/",
        content_type: "course",
        author: "Léonie Watson",
        description: "Build inclusive web apps: semantic HTML, keyboard navigation, contrast, ARIA, forms and testing with assistive technology.",
        duration_s: 6 * H,
        language: "en",
        skills: ["accessibility", "web development", "wcag"],
      },
      {
        title: "Designing for Screen Reader Users",
        url: "https://www.youtube.com/watch?v=designing-screen-reader-users",
        content_type: "video",
        author: "Deque University",
        description: "How blind and low-vision people navigate with VoiceOver and NVDA, and what designers should annotate.",
        duration_s: 30 * M,
        language: "en",
        skills: ["accessibility", "ux design"],
      },
      {
        title: "Accesibilidad digital: diseño inclusivo",
        url: "https://www.domestika.org/es/courses/accesibilidad-digital",
        content_type: "course",
        author: "Olga Carreras",
        description: "Principios de accesibilidad web para personas con discapacidad visual, auditiva o motora: contraste, teclado y lectores de pantalla.",
        duration_s: 3 * H,
        language: "es",
        skills: ["accesibilidad", "diseño ux"],
      },
    ],
    questions: [
      {
        q: "How do we make our app usable for blind people?",
        locale: "en",
        kind: "paraphrase",
        relevant: ["Designing for Screen Reader Users", "Web Accessibility: WCAG 2.2 in Practice", "Accesibilidad digital: diseño inclusivo"],
      },
      {
        q: "Quiero que mi página funcione bien para personas ciegas",
        locale: "es",
        kind: "paraphrase",
        relevant: ["Accesibilidad digital: diseño inclusivo", "Designing for Screen Reader Users", "Web Accessibility: WCAG 2.2 in Practice"],
      },
    ],
  },
  {
    topic: "Cloud cost",
    half: "tuning",
    items: [
      {
        title: "Cloud FinOps: Controlling Your AWS Bill",
        url: "https://www.coursera.org/learn/cloud-finops-aws-bill",
        content_type: "course",
        author: "J.R. Storment",
        description: "FinOps practices for engineering teams: tagging, budgets, showback, savings plans and spotting waste in Amazon Web Services spend.",
        duration_s: 5 * H,
        language: "en",
        skills: ["finops", "cloud computing", "aws"],
      },
      {
        title: "Rightsizing and Reserved Instances Explained",
        url: "https://www.youtube.com/watch?v=rightsizing-reserved-instances",
        content_type: "video",
        author: "Corey Quinn",
        description: "Cut compute spend: rightsize idle servers, commit to reserved capacity and use spot for batch jobs.",
        duration_s: 20 * M,
        language: "en",
        skills: ["finops", "aws"],
      },
      {
        title: "Cloud Cost Optimization Checklist",
        url: "https://www.finops.org/resources/cost-optimization-checklist/",
        content_type: "article",
        author: "FinOps Foundation",
        description: "Twenty checks to lower a monthly cloud invoice: storage tiers, egress, idle databases, autoscaling.",
        duration_s: 10 * M,
        language: "en",
        skills: ["finops", "cloud computing"],
      },
    ],
    questions: [
      {
        q: "Our Amazon spend doubled last quarter, how do we lower it?",
        locale: "en",
        kind: "paraphrase",
        relevant: ["Cloud FinOps: Controlling Your AWS Bill", "Rightsizing and Reserved Instances Explained", "Cloud Cost Optimization Checklist"],
      },
      {
        q: "La factura de la nube se nos ha disparado, ¿cómo la reducimos?",
        locale: "es",
        kind: "cross-language",
        relevant: ["Cloud FinOps: Controlling Your AWS Bill", "Rightsizing and Reserved Instances Explained", "Cloud Cost Optimization Checklist"],
      },
      {
        q: "only videos",
        locale: "en",
        kind: "follow-up",
        after: "Our Amazon spend doubled last quarter, how do we lower it?",
        relevant: ["Rightsizing and Reserved Instances Explained"],
      },
    ],
  },
  {
    topic: "OKRs",
    half: "tuning",
    items: [
      {
        title: "OKRs Explained: Objectives and Key Results",
        url: "https://www.youtube.com/watch?v=okrs-explained",
        content_type: "video",
        author: "Felipe Castro",
        description: "Write ambitious, measurable quarterly goals, score them, and align teams without cascading.",
        duration_s: 45 * M,
        language: "en",
        skills: ["okr", "goal setting", "strategy"],
      },
      {
        title: "Measure What Matters",
        url: "https://books.google.com/books?id=measure-what-matters",
        content_type: "book",
        author: "John Doerr",
        description: "How Intel and Google set goals with OKRs: focus, alignment, tracking and stretch.",
        duration_s: null,
        language: "en",
        skills: ["okr", "goal setting"],
      },
      {
        title: "OKR: objetivos y resultados clave para equipos",
        url: "https://platzi.com/cursos/okr/",
        content_type: "course",
        author: "Alba Serrano",
        description: "Define metas trimestrales medibles, haz seguimiento semanal y alinea a la organización con OKR.",
        duration_s: 4 * H,
        language: "es",
        skills: ["okr", "definición de metas"],
      },
    ],
    questions: [
      {
        q: "How should my team set quarterly goals that we can track?",
        locale: "en",
        kind: "paraphrase",
        relevant: ["OKRs Explained: Objectives and Key Results", "Measure What Matters", "OKR: objetivos y resultados clave para equipos"],
      },
      {
        q: "I have 2 hours this week",
        locale: "en",
        kind: "follow-up",
        after: "How should my team set quarterly goals that we can track?",
        relevant: ["OKRs Explained: Objectives and Key Results"],
      },
      {
        q: "¿Cómo fijamos metas trimestrales que se puedan medir?",
        locale: "es",
        kind: "paraphrase",
        relevant: ["OKR: objetivos y resultados clave para equipos", "OKRs Explained: Objectives and Key Results", "Measure What Matters"],
      },
    ],
  },
  {
    topic: "Public speaking",
    half: "held-out",
    items: [
      {
        title: "Conquer Stage Fright: Presenting with Confidence",
        url: "https://www.linkedin.com/learning/conquer-stage-fright",
        content_type: "course",
        author: "Laura Bergells",
        description: "Public speaking without panic: breathing, rehearsal, handling questions and owning the room.",
        duration_s: 2 * H,
        language: "en",
        skills: ["public speaking", "presentation skills"],
      },
      {
        title: "The Three-Minute Talk Structure",
        url: "https://www.ted.com/talks/three_minute_talk_structure",
        content_type: "video",
        author: "Chris Anderson",
        description: "Build a short speech around one idea, open with a hook and end with a call to action.",
        duration_s: 12 * M,
        language: "en",
        skills: ["public speaking", "storytelling"],
      },
      {
        title: "Oratoria para directivos",
        url: "https://open.spotify.com/episode/oratoria-directivos",
        content_type: "podcast",
        author: "Javier Reyero",
        description: "Hablar en público sin miedo: preparación, voz, lenguaje corporal y nervios antes de una presentación.",
        duration_s: 40 * M,
        language: "es",
        skills: ["hablar en público", "comunicación"],
      },
    ],
    questions: [
      {
        q: "I get nervous whenever I address a big audience",
        locale: "en",
        kind: "paraphrase",
        relevant: ["Conquer Stage Fright: Presenting with Confidence", "The Three-Minute Talk Structure", "Oratoria para directivos"],
      },
      {
        q: "Me tiemblan las piernas cuando hablo delante de mucha gente",
        locale: "es",
        kind: "paraphrase",
        relevant: ["Oratoria para directivos", "Conquer Stage Fright: Presenting with Confidence", "The Three-Minute Talk Structure"],
      },
    ],
  },
  {
    topic: "Incident response",
    half: "held-out",
    items: [
      {
        title: "Incident Response for On-Call Engineers",
        url: "https://www.udemy.com/course/incident-response-on-call/",
        content_type: "course",
        author: "Liz Fong-Jones",
        description: "Handle production outages: severity levels, incident commander role, status updates, mitigation before root cause.",
        duration_s: 6 * H,
        language: "en",
        skills: ["incident management", "site reliability", "devops"],
      },
      {
        title: "Running Blameless Postmortems",
        url: "https://www.youtube.com/watch?v=blameless-postmortems",
        content_type: "video",
        author: "Google Cloud Tech",
        description: "After an outage: write the timeline, find contributing causes without blame, and track follow-up actions.",
        duration_s: 20 * M,
        language: "en",
        skills: ["incident management", "site reliability"],
      },
      {
        title: "Site Reliability Engineering",
        url: "https://books.google.com/books?id=site-reliability-engineering",
        content_type: "book",
        author: "Betsy Beyer, Chris Jones, Jennifer Petoff, Niall Murphy",
        description: "How Google runs production systems: on-call, emergency response, managing incidents, postmortem culture.",
        duration_s: null,
        language: "en",
        skills: ["site reliability", "devops"],
      },
    ],
    questions: [
      {
        q: "Production went down last night, how should we handle outages?",
        locale: "en",
        kind: "paraphrase",
        relevant: ["Incident Response for On-Call Engineers", "Running Blameless Postmortems", "Site Reliability Engineering"],
      },
      {
        q: "I have 2 hours this week",
        locale: "en",
        kind: "follow-up",
        after: "Production went down last night, how should we handle outages?",
        relevant: ["Running Blameless Postmortems"],
      },
      {
        q: "Se nos cayó el sistema en producción, ¿cómo gestionamos la caída?",
        locale: "es",
        kind: "cross-language",
        relevant: ["Incident Response for On-Call Engineers", "Running Blameless Postmortems", "Site Reliability Engineering"],
      },
    ],
  },
  {
    topic: "Supply chain",
    half: "held-out",
    items: [
      {
        title: "Supply Chain Management Fundamentals",
        url: "https://www.coursera.org/learn/supply-chain-management-fundamentals",
        content_type: "course",
        author: "Rutgers University",
        description: "Plan, source, make and deliver: inventory, logistics, suppliers and the bullwhip effect.",
        duration_s: 8 * H,
        language: "en",
        skills: ["supply chain", "logistics", "operations"],
      },
      {
        title: "Inventory Planning and Demand Forecasting",
        url: "https://www.youtube.com/watch?v=inventory-demand-forecasting",
        content_type: "video",
        author: "MIT Center for Transportation & Logistics",
        description: "Safety stock, reorder points and forecasts so warehouses don't run out of stock or overflow.",
        duration_s: 35 * M,
        language: "en",
        skills: ["supply chain", "inventory management"],
      },
      {
        title: "Logística y cadena de suministro",
        url: "https://www.crehana.com/cursos-online-negocios/logistica-cadena-suministro/",
        content_type: "course",
        author: "Ricardo Peña",
        description: "Gestión de inventarios, almacenes, transporte y proveedores para evitar roturas de stock.",
        duration_s: 5 * H,
        language: "es",
        skills: ["cadena de suministro", "logística"],
      },
    ],
    questions: [
      {
        q: "Our warehouses keep running out of stock",
        locale: "en",
        kind: "paraphrase",
        relevant: ["Inventory Planning and Demand Forecasting", "Supply Chain Management Fundamentals", "Logística y cadena de suministro"],
      },
      {
        q: "Nos quedamos sin existencias en el almacén cada dos por tres",
        locale: "es",
        kind: "paraphrase",
        relevant: ["Logística y cadena de suministro", "Inventory Planning and Demand Forecasting", "Supply Chain Management Fundamentals"],
      },
    ],
  },
  {
    topic: "Sales discovery calls",
    half: "held-out",
    items: [
      {
        title: "Sales Discovery Calls That Uncover Real Needs",
        url: "https://www.linkedin.com/learning/sales-discovery-calls",
        content_type: "course",
        author: "Jeb Blount",
        description: "Open a first meeting with a prospect, ask layered questions, find the pain and agree on next steps.",
        duration_s: 90 * M,
        language: "en",
        skills: ["sales", "discovery", "prospecting"],
      },
      {
        title: "SPIN Selling",
        url: "https://books.google.com/books?id=spin-selling",
        content_type: "book",
        author: "Neil Rackham",
        description: "Situation, problem, implication and need-payoff questions for large B2B sales.",
        duration_s: null,
        language: "en",
        skills: ["sales"],
      },
      {
        title: "The First Call Framework for Account Executives",
        url: "https://www.youtube.com/watch?v=first-call-framework",
        content_type: "video",
        author: "Gong",
        description: "What top account executives ask a potential customer in an initial meeting, from call recordings.",
        duration_s: 28 * M,
        language: "en",
        skills: ["sales", "discovery"],
      },
    ],
    questions: [
      {
        q: "What questions should I ask a prospect in an initial meeting?",
        locale: "en",
        kind: "paraphrase",
        relevant: ["Sales Discovery Calls That Uncover Real Needs", "SPIN Selling", "The First Call Framework for Account Executives"],
      },
      {
        q: "¿Qué preguntas hago a un cliente potencial en la primera reunión?",
        locale: "es",
        kind: "cross-language",
        relevant: ["Sales Discovery Calls That Uncover Real Needs", "SPIN Selling", "The First Call Framework for Account Executives"],
      },
      {
        q: "only books",
        locale: "en",
        kind: "follow-up",
        after: "What questions should I ask a prospect in an initial meeting?",
        relevant: ["SPIN Selling"],
      },
    ],
  },
  {
    topic: "Personal finance basics",
    half: "held-out",
    items: [
      {
        title: "Personal Finance Basics: Budgeting, Saving, Investing",
        url: "https://www.edx.org/learn/personal-finance/basics",
        content_type: "course",
        author: "Purdue University",
        description: "Build a monthly budget, an emergency fund, pay down debt and start investing for retirement.",
        duration_s: 6 * H,
        language: "en",
        skills: ["personal finance", "budgeting"],
      },
      {
        title: "How Compound Interest Works",
        url: "https://www.youtube.com/watch?v=how-compound-interest-works",
        content_type: "video",
        author: "Two Cents",
        description: "Why putting money aside early matters: compound growth, index funds and fees.",
        duration_s: 10 * M,
        language: "en",
        skills: ["personal finance", "investing"],
      },
      {
        title: "Finanzas personales para principiantes",
        url: "https://open.spotify.com/episode/finanzas-personales-principiantes",
        content_type: "podcast",
        author: "Natalia de Santiago",
        description: "Presupuesto mensual, fondo de emergencia, deudas y primeras inversiones explicados sin jerga.",
        duration_s: 45 * M,
        language: "es",
        skills: ["finanzas personales", "ahorro"],
      },
    ],
    questions: [
      {
        q: "How do I stop living paycheck to paycheck and put money aside?",
        locale: "en",
        kind: "paraphrase",
        relevant: ["Personal Finance Basics: Budgeting, Saving, Investing", "How Compound Interest Works", "Finanzas personales para principiantes"],
      },
      {
        q: "Any Spanish audio about managing household money?",
        locale: "en",
        kind: "cross-language",
        relevant: ["Finanzas personales para principiantes"],
      },
      {
        q: "¿Cómo consigo ahorrar algo cada mes con mi sueldo?",
        locale: "es",
        kind: "paraphrase",
        relevant: ["Finanzas personales para principiantes", "Personal Finance Basics: Budgeting, Saving, Investing", "How Compound Interest Works"],
      },
    ],
  },
  {
    topic: "Grief at work",
    half: "held-out",
    items: [
      {
        title: "Supporting a Grieving Colleague",
        url: "https://hbr.org/supporting-a-grieving-colleague",
        content_type: "article",
        author: "David Kessler",
        description: "What to say and not say when a coworker loses a family member, and how to help with workload after bereavement.",
        duration_s: 8 * M,
        language: "en",
        skills: ["grief", "empathy", "wellbeing"],
      },
      {
        title: "Returning to Work After a Loss",
        url: "https://www.ted.com/talks/returning_to_work_after_a_loss",
        content_type: "video",
        author: "Nora McInerny",
        description: "Grief does not end on a schedule: how managers and teammates can make the return easier.",
        duration_s: 16 * M,
        language: "en",
        skills: ["grief", "wellbeing"],
      },
      {
        title: "Bereavement Leave: A Manager's Guide",
        url: "https://www.shrm.org/bereavement-leave-managers-guide",
        content_type: "article",
        author: "SHRM",
        description: "Compassionate leave policies, flexible hours and check-ins for an employee whose parent or partner died.",
        duration_s: 12 * M,
        language: "en",
        skills: ["grief", "people management"],
      },
    ],
    questions: [
      {
        q: "A teammate's father just died, how do I help him?",
        locale: "en",
        kind: "paraphrase",
        relevant: ["Supporting a Grieving Colleague", "Returning to Work After a Loss", "Bereavement Leave: A Manager's Guide"],
      },
      {
        q: "Un compañero ha perdido a su madre, ¿cómo lo acompaño?",
        locale: "es",
        kind: "cross-language",
        relevant: ["Supporting a Grieving Colleague", "Returning to Work After a Loss", "Bereavement Leave: A Manager's Guide"],
      },
    ],
  },
  {
    topic: "Onboarding remote hires",
    half: "held-out",
    items: [
      {
        title: "Onboarding Remote Employees: The First 90 Days",
        url: "https://www.linkedin.com/learning/onboarding-remote-employees",
        content_type: "course",
        author: "Darcy Jacobsen",
        description: "Welcome new hires who work from home: pre-boarding, a buddy, first-week plan and 30-60-90 day check-ins.",
        duration_s: 70 * M,
        language: "en",
        skills: ["onboarding", "remote work", "people management"],
      },
      {
        title: "Remote Onboarding Checklist for Managers",
        url: "https://about.gitlab.com/handbook/people-group/remote-onboarding-checklist/",
        content_type: "article",
        author: "GitLab",
        description: "Laptop shipped, accounts ready, a welcome call, documentation to read and a first small task for a new distributed teammate.",
        duration_s: 10 * M,
        language: "en",
        skills: ["onboarding", "remote work"],
      },
      {
        title: "Incorporación de personas en equipos distribuidos",
        url: "https://www.youtube.com/watch?v=incorporacion-equipos-distribuidos",
        content_type: "video",
        author: "Teletrabajo Hoy",
        description: "Cómo dar la bienvenida a una nueva incorporación en remoto: plan de la primera semana, mentor y reuniones de seguimiento.",
        duration_s: 25 * M,
        language: "es",
        skills: ["onboarding", "trabajo remoto"],
      },
    ],
    questions: [
      {
        q: "A new engineer joins my distributed team next Monday, how do I welcome them?",
        locale: "en",
        kind: "paraphrase",
        relevant: [
          "Onboarding Remote Employees: The First 90 Days",
          "Remote Onboarding Checklist for Managers",
          "Incorporación de personas en equipos distribuidos",
        ],
      },
      {
        q: "Se suma alguien nuevo a mi grupo que trabaja desde casa, ¿cómo lo recibo?",
        locale: "es",
        kind: "paraphrase",
        relevant: [
          "Incorporación de personas en equipos distribuidos",
          "Onboarding Remote Employees: The First 90 Days",
          "Remote Onboarding Checklist for Managers",
        ],
      },
      {
        q: "solo vídeos",
        locale: "es",
        kind: "follow-up",
        after: "Se suma alguien nuevo a mi grupo que trabaja desde casa, ¿cómo lo recibo?",
        relevant: ["Incorporación de personas en equipos distribuidos"],
      },
      {
        q: "What should I do first this week? I have 2 hours",
        locale: "en",
        kind: "follow-up",
        after: "A new engineer joins my distributed team next Monday, how do I welcome them?",
        relevant: [
          "Onboarding Remote Employees: The First 90 Days",
          "Remote Onboarding Checklist for Managers",
          "Incorporación de personas en equipos distribuidos",
        ],
      },
    ],
  },
  {
    topic: "Hiring interviews",
    half: "held-out",
    items: [
      {
        title: "Structured Interviews: Hiring Without Bias",
        url: "https://www.coursera.org/learn/structured-interviews-hiring",
        content_type: "course",
        author: "Iris Bohnet",
        description: "Design a scorecard, ask every candidate the same questions and score independently to reduce bias in recruiting.",
        duration_s: 3 * H,
        language: "en",
        skills: ["recruiting", "interviewing"],
      },
      {
        title: "Behavioral Interview Questions That Predict Performance",
        url: "https://www.youtube.com/watch?v=behavioral-interview-questions",
        content_type: "video",
        author: "Laszlo Bock",
        description: "Ask candidates about past situations, listen for evidence and avoid brainteasers.",
        duration_s: 18 * M,
        language: "en",
        skills: ["recruiting", "interviewing"],
      },
      {
        title: "Entrevistas por competencias",
        url: "https://platzi.com/cursos/entrevistas-competencias/",
        content_type: "course",
        author: "Carmen Vidal",
        description: "Selección de personal: preguntas sobre situaciones pasadas, evaluación objetiva de candidatos y sesgos.",
        duration_s: 2 * H,
        language: "es",
        skills: ["selección de personal", "reclutamiento"],
      },
    ],
    questions: [
      {
        q: "How do I pick the right candidate for an open role fairly?",
        locale: "en",
        kind: "paraphrase",
        relevant: ["Structured Interviews: Hiring Without Bias", "Behavioral Interview Questions That Predict Performance", "Entrevistas por competencias"],
      },
      {
        q: "Tengo que contratar a alguien, ¿qué le pregunto al candidato?",
        locale: "es",
        kind: "paraphrase",
        relevant: ["Entrevistas por competencias", "Structured Interviews: Hiring Without Bias", "Behavioral Interview Questions That Predict Performance"],
      },
    ],
  },
];

/** Nothing in the open-set catalog fits these: the honest answer is "nothing found". */
export const OFF_TOPIC: { half: Half; questions: OpenQuestion[] }[] = [
  {
    half: "tuning",
    questions: [
      { q: "How do I bake sourdough bread at home?", locale: "en", kind: "off-topic", relevant: [] },
      { q: "¿Qué tiempo hará mañana en Madrid?", locale: "es", kind: "off-topic", relevant: [] },
      { q: "Best hiking trails in Patagonia", locale: "en", kind: "off-topic", relevant: [] },
      { q: "¿Cómo cambio la rueda de una bicicleta?", locale: "es", kind: "off-topic", relevant: [] },
      // Near misses: a word the catalog has, a topic it does not cover.
      { q: "Cheap flights to Paris in March", locale: "en", kind: "off-topic", relevant: [] },
      { q: "¿Dónde compro un sofá barato para el salón?", locale: "es", kind: "off-topic", relevant: [] },
    ],
  },
  {
    half: "held-out",
    questions: [
      { q: "How do I stop my puppy from biting?", locale: "en", kind: "off-topic", relevant: [] },
      { q: "Receta de paella valenciana para seis personas", locale: "es", kind: "off-topic", relevant: [] },
      { q: "Who won the football world cup in 1998?", locale: "en", kind: "off-topic", relevant: [] },
      { q: "¿Cada cuánto riego un bonsái?", locale: "es", kind: "off-topic", relevant: [] },
      { q: "Which laptop should I buy for gaming?", locale: "en", kind: "off-topic", relevant: [] },
      { q: "¿Qué serie de televisión me recomiendas para el fin de semana?", locale: "es", kind: "off-topic", relevant: [] },
    ],
  },
];
