/** Goals of issue 13 for `npm run bench:classifier` (shared with test/unit/classifier-bench.test.ts). */
export const CLASSIFIER_GOAL = { aRight: 0.85, aWrong: 0.05, bRight: 0.92, msPerTicket: 5, bundleRatio: 1.3 } as const;
