// The contracts' zod schemas as one module, which lib/contracts.ts loads on first use. Not zod's `z`
// itself: exporting it would keep all of zod (its every locale), 89 KB gzip instead of 25.
export * from "@learnward/contracts";
