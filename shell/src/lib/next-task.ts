/**
 * Resolves in a task of its own: the browser may paint and answer input before the next step. The
 * page's start-up is a chain of such steps: one task of them all held a phone's main thread for
 * hundreds of ms (Lighthouse's total blocking time counts every task over 50 ms at a phone's speed).
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
