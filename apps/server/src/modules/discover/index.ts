/**
 * What the discover module offers the others: its policy and the copilot service. Other modules
 * import from here only (eslint refuses a path into another module's files); app.ts builds the
 * module itself with discover.module.ts.
 */
export { discoverPolicy } from "./discover.policy.ts";
export type { CopilotService } from "./copilot.service.ts";
// How the copilot reads a text's skills and language, for the library's feeds to tag what they add.
export { detectLanguage, extractSkills, fold } from "./copilot/understand.ts";
