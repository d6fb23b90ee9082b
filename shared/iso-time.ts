/**
 * A time in epoch milliseconds as the ISO 8601 string items, events and evidence store. One helper for
 * the anomaly modules and the webhook outbox, so the DropoutSweepWorker bundle (which holds them all)
 * carries it once instead of once a module.
 */
export const isoTime = (ms: number): string => new Date(ms).toISOString();
