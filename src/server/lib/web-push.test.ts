import crypto from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { canonicalPushEndpoint, generateVapidKeys } from './web-push';

describe('generateVapidKeys', () => {
  it('makes a P-256 pair that web-push signs with and a browser can check', () => {
    for (let round = 0; round < 20; round += 1) {
      const keys = generateVapidKeys();
      const privateKey = Buffer.from(keys.privateKey, 'base64url');
      const publicKey = Buffer.from(keys.publicKey, 'base64url');
      expect(privateKey).toHaveLength(32);
      expect(publicKey).toHaveLength(65);
      // The public key is the private key's.
      const curve = crypto.createECDH('prime256v1');
      curve.setPrivateKey(privateKey);
      expect(curve.getPublicKey().equals(publicKey)).toBe(true);
      // web-push accepts them, and its VAPID token verifies with the public key.
      const headers = webpush.getVapidHeaders(
        'https://fcm.googleapis.com',
        'mailto:alerts@example.com',
        keys.publicKey,
        keys.privateKey,
        'aes128gcm',
      );
      const token = /vapid t=([^,]+)/.exec(headers.Authorization)?.[1] ?? '';
      const [header, payload, signature] = token.split('.');
      const verifier = crypto.createPublicKey({
        key: {
          kty: 'EC',
          crv: 'P-256',
          x: publicKey.subarray(1, 33).toString('base64url'),
          y: publicKey.subarray(33).toString('base64url'),
        },
        format: 'jwk',
      });
      expect(
        crypto.verify(
          'sha256',
          Buffer.from(`${header}.${payload}`),
          { key: verifier, dsaEncoding: 'ieee-p1363' },
          Buffer.from(signature ?? '', 'base64url'),
        ),
      ).toBe(true);
    }
  });
});

describe('canonicalPushEndpoint', () => {
  it('writes every spelling of one endpoint the same way', () => {
    const spellings = (canonical: string, others: string[]) => {
      expect(canonicalPushEndpoint(canonical)).toBe(canonical);
      for (const other of others) expect(canonicalPushEndpoint(other), other).toBe(canonical);
    };
    spellings('https://fcm.googleapis.com/fcm/send/dA1:APA91b-x_y', [
      'HTTPS://FCM.googleapis.com:443/fcm/send/dA1:APA91b-x_y',
      'https://fcm.googleapis.com/fcm//send/./dA1%3AAPA91b%2Dx%5Fy',
      'https://fcm.googleapis.com/fcm/send/dA1:APA91b-x_y?',
    ]);
    // Windows keeps the token in the query, where '+' and '=' are data: only their hex case changes.
    spellings('https://db5p.notify.windows.com/w/?token=ab%2Bcd%3D', [
      'https://db5p.notify.windows.com/w/?token=ab%2bcd%3d',
      'https://db5p.notify.windows.com/w/?token=%61b%2Bcd%3D',
    ]);
    // An escaped slash is not a slash.
    expect(canonicalPushEndpoint('https://web.push.apple.com/a%2fb')).toBe(
      'https://web.push.apple.com/a%2Fb',
    );
  });

  it('refuses what no push service hands out', () => {
    for (const endpoint of [
      'https://web.push.apple.com/x#y',
      'https://u:p@web.push.apple.com/x',
      'not a url',
    ])
      expect(() => canonicalPushEndpoint(endpoint), endpoint).toThrow();
  });
});
