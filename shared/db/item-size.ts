/**
 * DynamoDB's size of items and attribute values as it bills them (attribute names + values; close,
 * not byte-exact for numbers): what the anomaly detector's state sizing and the telemetry chunk
 * writer's size budget both count with.
 */
export function attributeValueBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(value).replace(/^-|\.|e.*$/g, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + 1 + attributeValueBytes(v), 0);
  return 3 + Object.entries(value as Record<string, unknown>).reduce((n, [k, v]) => n + Buffer.byteLength(k) + 1 + attributeValueBytes(v), 0);
}

/** DynamoDB's size of an item. */
export const itemBytes = (item: Record<string, unknown>): number => Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k) + attributeValueBytes(v), 0);
