// The words the copilot knows, in English and Spanish (folded: lower case, no accents).

/**
 * Ways people name a skill (folded, English and Spanish) → the catalog's skill names. What
 * the catalog itself teaches (catalog-learning.ts) is replacing these topic entries; removing them all
 * today costs the seeded set 0.027 of precision@5 and needs the demo catalog learned when seeded.
 */
export const SKILL_ALIASES: [RegExp, string[]][] = [
  [/\bsql\b|\bpostgres(ql)?\b|\bmysql\b/, ["sql"]],
  [
    /\banalytics?\b|\bdata\s+analy(sis|st|tics|ze|zing)\b|\banalisis\s+de\s+datos\b|\banalitica\b|\banalizar\s+datos\b|\banalista\s+de\s+datos\b/,
    ["data analysis"],
  ],
  [/\bpython\b|\bpandas\b/, ["python"]],
  [/\bkubernetes\b|\bk8s\b/, ["kubernetes"]],
  [/\bcloud\b|\bnube\b|\baws\b|\bazure\b|\bgcp\b/, ["cloud"]],
  [/\bleader(ship)?\b|\blead(ing)?\s+(a\s+|my\s+)?team|\bliderazgo\b|\blider(ar|es)?\b/, ["leadership"]],
  [/\bnew\s+manager\b|\bmanag(e|ing)\s+people\b|\bpeople\s+manag|\bengineering\s+manager\b|\bgestionar\s+personas\b/, ["leadership", "management"]],
  [/\bnegotiat|\bnegocia|\bbargain/, ["negotiation"]],
  [
    /\bpublic\s+speaking\b|\bspeak(ing)?\s+in\s+public\b|\bpresentations?\b|\bpresenting\b|\bgive\s+(a\s+)?talks?\b|\bstage\s+fright\b|\bhablar\s+en\s+publico\b|\boratoria\b|\bpresentaciones?\b/,
    ["public speaking"],
  ],
  [/\bcommunicat|\bcomunicacion\b|\bcomunicar/, ["communication"]],
  [
    /\bux\b|\buser\s+experience\b|\bexperiencia\s+de\s+usuario\b|\bui\s+design\b|\binterface\s+design|\bdiseno\s+(ux|de\s+interfaces)\b|\bwireframes?\b/,
    ["ux design"],
  ],
  [/\buser\s+research\b|\binvestigacion\s+de\s+usuarios\b|\busability\b|\busabilidad\b/, ["user research", "usability"]],
  [
    /\bmachine\s+learning\b|\bml\b|\baprendizaje\s+automatico\b|\bartificial\s+intelligence\b|\binteligencia\s+artificial\b|\bgenerative\s+ai\b|\bregression\b/,
    ["machine learning"],
  ],
  [/\bexcel\b|\bspreadsheets?\b|\bhojas?\s+de\s+calculo\b|\bxlookup\b/, ["excel"]],
  [/\breact\b/, ["react"]],
  [/\bjavascript\b|\bjs\b/, ["javascript"]],
  [/\btypescript\b/, ["typescript"]],
  [/\bdocker\b|\bcontainers?\b|\bcontenedores\b/, ["docker"]],
  [/\bgit\b/, ["git"]],
  [/\bdevops\b|\bci\/cd\b|\bcontinuous\s+integration\b|\bintegracion\s+continua\b/, ["devops"]],
  [/\bcss\b|\bflexbox\b/, ["css"]],
  [/\bweb\s+development\b|\bdesarrollo\s+web\b|\bfront-?end\b/, ["web development"]],
  [/\bdesign\s+thinking\b|\bpensamiento\s+de\s+diseno\b|\bdesign\s+sprints?\b/, ["design thinking"]],
  [/\bsales\b|\bselling\b|\bsell\b|\bventas?\b|\bvender\b/, ["sales"]],
  [/\bmarketing\b|\bmercadeo\b/, ["marketing"]],
  [/\bproject\s+manage|\bgestion\s+de\s+proyectos\b|\bpmp\b|\bgestionar\s+proyectos\b|\bstakeholders?\b/, ["project management"]],
  [/\bagile\b|\bscrum\b|\bagil(es)?\b/, ["agile"]],
  [/\bfinanc|\bfinanzas\b|\bdcf\b|\bvaluation\b|\bvaloracion\b|\bbudgeting\b/, ["finance"]],
  [/\bdatabases?\b|\bbases?\s+de\s+datos\b/, ["databases"]],
  [/\bproduct\s+manage|\bgestion\s+de\s+producto\b|\bproduct\s+specs?\b/, ["product management"]],
  [/\btime\s+management\b|\bgestion\s+del\s+tiempo\b|\bmanage\s+my\s+time\b/, ["time management"]],
  [/\bproductiv|\bproductividad\b|\bhabits?\b|\bhabitos\b/, ["productivity"]],
  [/\bsecurity\b|\bcybersecurity\b|\bseguridad\b|\bciberseguridad\b|\bphishing\b|\bransomware\b/, ["security"]],
  [/\bemotional\s+intelligence\b|\binteligencia\s+emocional\b|\bempathy\b|\bempatia\b/, ["emotional intelligence"]],
  [/\bdata\s+visuali[sz]ation\b|\bvisualizacion\s+de\s+datos\b|\bdashboards?\b|\bcharts?\b|\bgraficos\b/, ["data visualization"]],
  [/\bfeedback\b|\bretroalimentacion\b/, ["feedback"]],
  [/\bteamwork\b|\btrabajo\s+en\s+equipo\b|\bteam\s+building\b/, ["teamwork"]],
  [/\bbranding\b|\bbrand\b|\bmarca\b/, ["branding"]],
  [/\bstorytelling\b|\bcontar\s+historias\b/, ["storytelling"]],
  [/\btesting\b|\bunit\s+tests?\b|\btest\s+automation\b/, ["testing"]],
  [/\bdata\s+engineering\b|\bingenieria\s+de\s+datos\b|\bdata\s+pipelines?\b/, ["data engineering"]],
  [/\bsoftware\s+architecture\b|\bmicroservices?\b|\barquitectura\s+de\s+software\b|\bmicroservicios\b/, ["software architecture"]],
  [/\bcoaching\b|\bmentoring\b|\bone-on-ones?\b|\b1:1s?\b/, ["coaching"]],
  [/\bremote\s+(work|teams?)\b|\btrabajo\s+remoto\b|\bequipos\s+remotos\b/, ["remote work"]],
  [/\bblockchain\b|\bethereum\b|\bsmart\s+contracts?\b/, ["blockchain"]],
  [/\bmotivat|\bmotivacion\b|\bmotivar\b/, ["motivation"]],
  [/\bcontent\s+strategy\b|\bestrategia\s+de\s+contenidos?\b/, ["content strategy"]],
  [/\bdesign\s+systems?\b|\bsistemas?\s+de\s+diseno\b/, ["design systems"]],
  [/\btypography\b|\btipografia\b|\bvisual\s+design\b|\bdiseno\s+visual\b/, ["visual design"]],
  [/\bcareer\b|\bjob\s+offer\b|\bsalary\b|\bsalario\b/, ["career development"]],
  [/\beconomics\b|\beconomia\b|\binterest\s+rates?\b/, ["economics"]],
  [/\bdiversity\b|\binclusion\b|\binclusive\b|\bdiversidad\b/, ["diversity and inclusion"]],
];

// Words related to a question's words are learned from each company's catalog (catalog-learning.ts).

// ---- keywords, types, level ----

/** Words that say nothing about the topic: request verbs, time, content kinds, filler. */
export const STOP = new Set(
  // English
  (
    "i me my we our you your he she it they them him her his hers its myself yourself himself herself ourselves themselves a an the and or but if then so to of in on at by for with about into over from up down out as is are was were be been being am do does did have has had " +
    "can could should would will shall may might must need needs want wants wanted like love learn learning learned study studying know knowing understand get getting got become improve improving better best good great " +
    "how what which who whom where when why this that these those there here some any all more most much many few lot lots something anything thing things stuff " +
    "please help tips advice recommend recommendation recommendations suggest suggestions show find give tell teach me plan plans schedule start starting begin beginning " +
    "skill skills topic topics time free spare week weeks day days month months hour hours minute minutes weekend per each every next this " +
    "just really very also too only still even well new basic basics beginner beginners intro introduction scratch level advanced intermediate fundamentals " +
    "course courses video videos book books podcast podcasts article articles reading read watch listen content material materials resource resources " +
    "job jobs opening openings position positions vacancy vacancies hiring role roles career " +
    // Spanish
    "yo mi mis tu tus su sus nos nosotros ella ellos ellas usted ustedes el la los las un una unos unas y o pero si entonces de del al a en por para con sin sobre entre hasta desde que como cual cuales quien donde cuando " +
    "es son ser estar esta estoy estan fue era hay tengo tiene tener puedo puede poder quiero quiere querer necesito necesita necesitar me te se le lo " +
    "aprender aprendo aprendiendo estudiar saber conocer entender mejorar mejor bueno buena buenos algo alguna algunos algun todo todos mas muy tambien solo " +
    "ayuda ayudame dame recomienda recomiendas recomiendame recomendacion sugerencias plan planes empezar comenzar principiante cero basico basicos introduccion nivel avanzado fundamentos " +
    "habilidad habilidades tema temas tiempo semana semanas dia dias mes meses hora horas minuto minutos proxima proximo cada " +
    "curso cursos libro libros video videos podcast articulo articulos lectura material materiales recurso recursos " +
    "trabajo trabajos empleo empleos vacante vacantes puesto puestos favor gracias hola quisiera podrias doy dar hago hacer debo deberia podria pueda empiezo " +
    // Glue a question carries whatever its topic (learned relations would tie it to whatever items say it)
    "their theirs us make makes making keep keeps feel feels felt without back set sets doing done going able way ways someone everyone " +
    "nuestro nuestra nuestros nuestras quienes poco pocos poca mucho mucha muchos muchas bien dan da doy consigo pido pedir cuando estamos estoy ha han he hemos " +
    "funcione funciona funcionar puedan pueden podemos hacemos tenemos quiere quieren alguien todas cosas cosa manera forma " +
    // Whose and where: "my team", "at work", "mi equipo", "en la empresa"
    "team teams work company colleagues people equipo equipos empresa companeros gente personas " +
    // Pointing back at an answer's items ("among them", "cuéntame más del segundo"): reference.ts reads them, the topic never does
    "among between either neither number info information details cuentame dime hablame explicame informacion detalles principiantes novatos novato " +
    // Praise words every title could claim
    "effective effectively efficient practical useful important key efectivo efectiva efectivos efectivas eficaz eficaces practico practica util importante"
  ).split(/\s+/),
);

/** Lower case without accents: "Análisis" → "analisis". */
export const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");

/** Titles that read as a first step: used to order a plan and for "beginner" questions. */
export const INTRO_TITLE =
  /\b(intro|introduction|introducci[oó]n|beginners?|principiantes?|basics|b[aá]sico|fundamentals|fundamentos|foundations|essential|essentials|101|from zero|desde cero|getting started|explained|overview|for everybody|absolute beginners|crash course|what is|qu[eé] es)\b/i;

/** Titles that read as past the basics. */
export const ADVANCED_TITLE =
  /\b(advanced|avanzad[oa]s?|deep\s+dive|in\s+depth|in\s+practice|en\s+la\s+pr[aá]ctica|mastering|masterclass|expert|intermediate|intermedio|beyond|patterns|production|at\s+scale|optimi[sz]ation|architecture)\b/i;
