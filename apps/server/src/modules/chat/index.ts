/**
 * What the chat module offers the others: its policy and service. Other modules import from here
 * only (eslint refuses a path into another module's files); app.ts builds the module itself with
 * chat.module.ts.
 */
export { chatPolicy } from "./chat.policy.ts";
export type { ChatService } from "./chat.service.ts";
