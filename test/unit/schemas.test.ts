import { BulkMetadataBody, UpsertDeviceBody } from '../../shared/domain/device/device.schema';
import { CreateOrUpdateCustomerBody } from '../../shared/domain/customer/customer.schema';
import { isValidEmail, normalizeEmail } from '../../shared/domain/common.schema';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('request schemas', () => {
  it('POST /device reports the first failing field in spec order', () => {
    expect(firstError(UpsertDeviceBody.safeParse({ type: 5 }))).toBe('identifier is required and must be a non-empty string');
    expect(UpsertDeviceBody.parse({ identifier: ' a ', deviceMetadata: { x: 1 } })).toEqual({ identifier: 'a', properties: { x: 1 } });
    expect(UpsertDeviceBody.parse({ identifier: 'a', properties: { p: 1 }, deviceMetadata: { d: 1 } }).properties).toEqual({ p: 1 });
  });

  it('bulk metadata checks count before values', () => {
    const tooMany = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, null]));
    expect(firstError(BulkMetadataBody.safeParse({ devices: tooMany }))).toBe('Too many devices. Maximum 1000 per request');
    expect(BulkMetadataBody.safeParse({ devices: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, {}])) }).success).toBe(true);
  });

  it('customer schema maps the telemetronCustomerId alias and prefers serviceCustomerId', () => {
    expect(CreateOrUpdateCustomerBody.parse({ email: 'a@b.co', telemetronCustomerId: 'x' }).serviceCustomerId).toBe('x');
    expect(CreateOrUpdateCustomerBody.parse({ email: 'a@b.co', telemetronCustomerId: 'x', serviceCustomerId: 'y' }).serviceCustomerId).toBe('y');
    expect(CreateOrUpdateCustomerBody.parse({ email: 'a@b.co', serviceCustomerId: '  ' }).serviceCustomerId).toBeUndefined();
  });

  it('emails: trimmed and lowercased for matching, validated', () => {
    expect(normalizeEmail('  A.B@Example.COM ')).toBe('a.b@example.com');
    expect(isValidEmail('a@b.co')).toBe(true);
    for (const bad of ['a', 'a@b', '@b.co', 'a b@c.de', 'a@b .co']) expect(isValidEmail(bad)).toBe(false);
  });
});
