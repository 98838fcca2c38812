// The framework's chunk, for main.tsx to evaluate before the app's own code, in a task of its own.
// What it names is what the app starts with, in that order: the chunk keeps its modules in the order
// they are first asked for, and compresses best in this one.
export { startTransition } from "react";
export { createRoot, hydrateRoot } from "react-dom/client";
export { BrowserRouter } from "react-router";
export { hydrate } from "@tanstack/react-query";
