/**
 * What the skills module offers the others: its policy. app.ts builds the module itself with
 * skills.module.ts.
 */
export { skillsPolicy } from "./skills.policy.ts";
