/**
 * Ends the current task: what follows runs in a task of its own, once the browser has had the chance
 * to paint and answer input. Starting the app takes several such steps rather than one long task a
 * slow phone cannot answer input during (Lighthouse's total blocking time).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
