import { randomBytes } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { signatureHeader, standardWebhookSignature } from '../../shared/domain/webhook/delivery';

/**
 * Deliveries are signed with Node's HMAC (shared/domain/webhook/delivery.ts), not the
 * `standardwebhooks` library, which stays the receiver's reference: every signature here must be
 * the library's, byte for byte, and verify with it.
 */
describe('Standard Webhooks signatures without the library', () => {
  const bodies = ['{"type":"ticket.created","data":{}}', '', '{"text":"Überhitzung 🔥 à 90 °C\\n"}', JSON.stringify({ note: 'x'.repeat(70_000) })];
  const at = new Date('2026-03-01T12:34:56.789Z');

  it.each(bodies.map((b, i) => [i, b]))('body %i: the same signature as the library, which verifies it', (_i, body) => {
    for (let n = 0; n < 5; n++) {
      const secret = `whsec_${randomBytes(n === 0 ? 24 : 32).toString('base64')}`;
      const messageId = `msg-${n}-${randomBytes(4).toString('hex')}`;
      const ours = standardWebhookSignature(secret, messageId, at, body);
      expect(ours).toBe(new StandardWebhook(secret).sign(messageId, at, body));
      const headers = { 'webhook-id': messageId, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': '' };
      headers['webhook-signature'] = standardWebhookSignature(secret, messageId, new Date(Number(headers['webhook-timestamp']) * 1000), body);
      expect(() => new StandardWebhook(secret).verify(body, headers)).not.toThrow();
    }
  });

  it('a secret without the whsec_ prefix is read as base64, like the library; an empty one is refused', () => {
    const raw = randomBytes(32).toString('base64');
    expect(standardWebhookSignature(raw, 'm', at, 'b')).toBe(new StandardWebhook(raw).sign('m', at, 'b'));
    expect(() => standardWebhookSignature('whsec_', 'm', at, 'b')).toThrow("Secret can't be empty.");
  });

  it('two secrets in use: two space-separated signatures, the first secret first; each verifies with its secret only', () => {
    const [a, b] = [`whsec_${randomBytes(32).toString('base64')}`, `whsec_${randomBytes(32).toString('base64')}`];
    const header = signatureHeader([a, b], 'm1', at, 'body');
    expect(header).toBe(`${new StandardWebhook(a).sign('m1', at, 'body')} ${new StandardWebhook(b).sign('m1', at, 'body')}`);
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    expect(signatureHeader([other], 'm1', at, 'body')).not.toBe(header.split(' ')[0]);
  });
});
