import { deflateRawSync, gunzipSync, inflateRawSync } from 'node:zlib';

/**
 * The stored form of a detector state's body (everything but the plain attributes version, lastTs,
 * crashTs): JSON, raw-deflated with a preset dictionary of the state's own key names and shape.
 * Generic: any field, nested or new, round-trips exactly as JSON does; the dictionary only makes
 * the usual ones cheaper (≈ 250 bytes less than gzip without it, which takes a device with two
 * quantised measurements under 1 KB: one write unit instead of two).
 *
 * NEVER change {@link DICTIONARY_V1}: stored states decode with it. A better dictionary gets a new
 * attribute name (`zd2`), and the decoder keeps reading the older ones.
 */
const DICTIONARY_V1 = Buffer.from(
  '{"cadence":{"last":0,"gaps":[0,0],"recent":[0,0],"lags":[0,0]},"series":{"m":{"n":0,"values":[0,0],"times":[0,0],"rewarm":0,"hi":0,"lo":0,"envAt":0,"tail":0,' +
    '"up":0,"down":0,"upStart":null,"downStart":null,"pending":[],"run":{"v":0,"since":0,"count":0},"maxRun":0,"distinct":[0,0],"breach":{},"recent":[[0,0],[0,0]],' +
    '"big":0,"jump":0,"drift":{"f1":0,"f2":0,"s1":0,"s2":0,"max":0,"last":0,"since":0,"at":null,"hot":null,"g0":0,"sign":0,"peak":0,"on":0},"spreads":[0,0],' +
    '"blockStarts":[0,0],"block":{"start":0,"times":[0,0],"values":[0,0]}}},"open":{}}',
  'utf8',
);

/** Attribute names of the packed body: current (`zd`, deflate + dictionary v1) and the gzip form written before. */
export const PACKED = { current: 'zd', gzip: 'z' } as const;

/** The body as stored (attribute {@link PACKED.current}). */
export function packStateBody(body: Record<string, unknown>): Uint8Array {
  return deflateRawSync(JSON.stringify(body), { dictionary: DICTIONARY_V1, level: 9 });
}

/** The body from either packed attribute; undefined when the item has neither (a state stored as map attributes). */
export function unpackStateBody(item: Record<string, unknown>): Record<string, unknown> | undefined {
  const current = item[PACKED.current] as Uint8Array | undefined;
  if (current) return JSON.parse(inflateRawSync(current, { dictionary: DICTIONARY_V1 }).toString('utf8')) as Record<string, unknown>;
  const gzip = item[PACKED.gzip] as Uint8Array | undefined;
  if (gzip) return JSON.parse(gunzipSync(gzip).toString('utf8')) as Record<string, unknown>;
  return undefined;
}
