/**
 * Gives the isolate back to the event loop between pieces of long synchronous work, so requests that arrive
 * meanwhile (a page polling progress, another caller) are answered: under `wrangler dev` one that waited behind a
 * long stretch of synchronous work was never answered.
 */
export const yieldToRequests = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
