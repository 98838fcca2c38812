export * from "./auth.ts";
export * from "./identity.ts";
export * from "./catalog.ts";
export * from "./library.ts";
export * from "./people.ts";
export * from "./network.ts";
export * from "./budgeting.ts";
export * from "./admin.ts";
