import "./lib/zod-jitless";

/*
 * Starting the app evaluates about 700 kB of script. Evaluated as one task it held a slow phone's
 * main thread for 450 ms after the first paint (4× CPU, /home), input unanswered all along
 * (Lighthouse's total blocking time). Imported in turn, each part is a task of its own, and the
 * browser can paint and answer input between them: the framework first (the HTML preloads it), then
 * the component and style layer, then the app's start (app/start.tsx), which takes its own steps.
 */
await import("./app/frameworkFirst");
await import("./app/uiFirst");
await (await import("./app/start")).start();
