/**
 * What the chat module offers the others: its policy and service. Other modules import from here only
 * (eslint refuses a path into another module's files); app.ts builds the module from chat.module.ts.
 */
export { chatPolicy } from "./chat.policy.ts";
export type { ChatService } from "./chat.service.ts";
