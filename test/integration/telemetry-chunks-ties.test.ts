import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { queryTelemetry, storeHistory } from '../../shared/domain/telemetry/telemetry.service';

useTestTable();

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Review of the chunk items (issue 21): every batch of one S3 import is stored with the same
 * `receivedAt` (the import's start). A row repeated in a later batch of the import must replace
 * the earlier one, as it did when every record was its own item ("a replay overwrites"), whatever
 * item kinds (chunk or single) hold the two copies.
 */
describe('duplicates written with the same receivedAt (one S3 import, several batches)', () => {
  it('the later write wins, chunk then single and single then chunk', async () => {
    const { org } = await newOrg();
    const importStart = Date.now();
    const t0 = Date.UTC(2025, 5, 1);
    // Batch 1: rows t0 and t0 + 1 s (one chunk). Batch 2: the row t0 again, corrected (a single item).
    await storeHistory(org, { deviceIdentifier: 'TIE-1', records: [{ timestamp: iso(t0), measurements: { v: 1 } }, { timestamp: iso(t0 + 1000), measurements: { v: 1 } }] }, importStart);
    await storeHistory(org, { deviceIdentifier: 'TIE-1', records: [{ timestamp: iso(t0), measurements: { v: 2 } }] }, importStart);
    // Batch 1: the row t0 alone (single). Batch 2: rows t0 and t0 + 1 s (one chunk), corrected.
    await storeHistory(org, { deviceIdentifier: 'TIE-2', records: [{ timestamp: iso(t0), measurements: { v: 1 } }] }, importStart);
    await storeHistory(org, { deviceIdentifier: 'TIE-2', records: [{ timestamp: iso(t0), measurements: { v: 2 } }, { timestamp: iso(t0 + 1000), measurements: { v: 2 } }] }, importStart);
    // Two chunks of one import: the second (shorter) corrects the first.
    await storeHistory(org, { deviceIdentifier: 'TIE-3', records: [0, 1, 2].map((i) => ({ timestamp: iso(t0 + i * 1000), measurements: { v: 1 } })) }, importStart);
    await storeHistory(org, { deviceIdentifier: 'TIE-3', records: [0, 1].map((i) => ({ timestamp: iso(t0 + i * 1000), measurements: { v: 2 } })) }, importStart);
    for (const [device, expected] of [['TIE-1', [2, 1]], ['TIE-2', [2, 2]], ['TIE-3', [2, 2, 1]]] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const page = await queryTelemetry(org, device, { limit: '10', order });
        const values = page.records.map((r) => r.measurements.v);
        expect({ device, order, values }).toEqual({ device, order, values: order === 'asc' ? expected : [...expected].reverse() });
      }
    }
  });
});
