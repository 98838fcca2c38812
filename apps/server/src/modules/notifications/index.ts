/**
 * What the notifications module offers the others: its policy and the notifier other modules tell
 * people through. Other modules import from here only (eslint refuses a path into another module's
 * files); app.ts builds the module itself with notifications.module.ts.
 */
export { notificationsPolicy } from "./notifications.policy.ts";
export type { Notifier } from "./notifications.service.ts";
