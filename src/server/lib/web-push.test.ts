import { describe, expect, it } from 'vitest';
import { canonicalPushEndpoint } from './web-push';

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
