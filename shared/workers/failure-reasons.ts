/**
 * Why a stream worker reported a record as failed. A partial batch response carries only the
 * record's SequenceNumber, so a worker also notes the reason here; the local table stream reads it
 * back to write a dead-letter line that says what failed and why. In Lambda nothing reads it, and
 * each note is taken (deleted) when read, or replaced by the next failure of the same record.
 */
const reasons = new Map<string, string>();
const MAX_NOTES = 10_000;

/** Notes why the record with `sequenceNumber` failed. */
export function noteFailure(sequenceNumber: string, reason: string): void {
  if (reasons.size >= MAX_NOTES) reasons.delete(reasons.keys().next().value as string);
  reasons.set(sequenceNumber, reason);
}

/** The reason noted for `sequenceNumber`, removed as it is read. */
export function takeFailureReason(sequenceNumber: string): string | undefined {
  const reason = reasons.get(sequenceNumber);
  reasons.delete(sequenceNumber);
  return reason;
}
