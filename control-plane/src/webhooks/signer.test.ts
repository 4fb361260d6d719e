import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifySignature } from '../../test/webhook-receiver.js';
import { newSecret, signatureHeaders } from './signer.js';

// The Standard Webhooks specification's published test vector.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  at: new Date(1614265330 * 1000),
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('signatureHeaders', () => {
  it("reproduces the specification's test vector", () => {
    expect(signatureHeaders(VECTOR.secret, VECTOR.id, VECTOR.body, VECTOR.at)).toEqual({
      'webhook-id': VECTOR.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': VECTOR.signature,
    });
  });

  it('signs what the reference library and the verification in docs/api.md#webhooks accept, and nothing altered', () => {
    const secret = newSecret();
    const body = '{"type":"run.completed","data":{"runId":"run_1"}}';
    const headers = signatureHeaders(secret, 'msg_1', body, new Date());
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(verifySignature(secret, headers, body)).toBe(true);
    expect(verifySignature(secret, headers, body.replace('run_1', 'run_2'))).toBe(false);
    expect(verifySignature(secret, { ...headers, 'webhook-id': 'msg_2' }, body)).toBe(false);
    expect(verifySignature(newSecret(), headers, body)).toBe(false);
  });

  it('is refused outside the timestamp tolerance', () => {
    const secret = newSecret();
    const old = signatureHeaders(secret, 'msg_1', '{}', new Date(Date.now() - 301_000));
    expect(verifySignature(secret, old, '{}')).toBe(false);
    expect(() => new Webhook(secret).verify('{}', old)).toThrow(/too old/);
  });
});

describe('newSecret', () => {
  it('is whsec_ and 32 random bytes in base64, different every time', () => {
    const a = newSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(newSecret()).not.toBe(a);
  });
});
