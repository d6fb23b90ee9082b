import { benchSet } from './anomaly-set';
import { heldoutSet, type HeldoutSeries } from './anomaly-heldout';
import { heldoutSetV2 } from './anomaly-heldout-v2';
import { heldoutSetV3 } from './anomaly-heldout-v3';
import { heldoutSetV4 } from './anomaly-heldout-v4';
import { heldoutSetV5 } from './anomaly-heldout-v5';
import { heldoutSetV6 } from './anomaly-heldout-v6';
import { heldoutSetV7 } from './anomaly-heldout-v7';
import { heldoutSetV8 } from './anomaly-heldout-v8';
import { heldoutSetV9 } from './anomaly-heldout-v9';
import { heldoutSetV10 } from './anomaly-heldout-v10';
import { heldoutSetV11 } from './anomaly-heldout-v11';
import { heldoutSetV12 } from './anomaly-heldout-v12';
import { heldoutSetV13 } from './anomaly-heldout-v13';
import type { AnySeries } from './anomaly-replay';

/** A replayable series with its labels (held-out sets and the in-sample set alike). */
export type LabelledSeries = AnySeries & { labels: HeldoutSeries['labels'] };

/**
 * Every anomaly set by the name the what-if scripts take (`--sets v1,…`): v1-v12 and `in` (in-sample)
 * are seen; v13 is round 12's blind headline, which fleet-whatif.ts and dropout-whatif.ts run only alone
 * and in aggregate (each script enforces that).
 */
export const ANOMALY_SETS: Record<string, () => LabelledSeries[]> = {
  v1: () => heldoutSet(3), v2: () => heldoutSetV2(3), v3: () => heldoutSetV3(3), v4: () => heldoutSetV4(3), v5: () => heldoutSetV5(3), v6: () => heldoutSetV6(3), v7: () => heldoutSetV7(3), v8: () => heldoutSetV8(3), v9: () => heldoutSetV9(3), v10: () => heldoutSetV10(3), v11: () => heldoutSetV11(3), v12: () => heldoutSetV12(3), v13: () => heldoutSetV13(3),
  in: () => benchSet(8, 7) as unknown as LabelledSeries[],
};
