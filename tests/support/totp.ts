import * as OTPAuth from 'otpauth';

/**
 * Codes from an authenticator app, each one valid now and never one this test has already used: the
 * app refuses a code twice, and a test that crosses a 30-second boundary must not reuse one by
 * accident (step N used at enabling is step "-1" a moment later). `prefer` is the step tried first.
 */
export function totpCodes(totpOrUri: OTPAuth.TOTP | string) {
  const totp = typeof totpOrUri === 'string' ? (OTPAuth.URI.parse(totpOrUri) as OTPAuth.TOTP) : totpOrUri;
  const used = new Set<string>();
  return (prefer = 0): string => {
    for (const offset of [prefer, 0, 1, -1]) {
      const code = totp.generate({ timestamp: Date.now() + offset * 30_000 });
      if (!used.has(code)) {
        used.add(code);
        return code;
      }
    }
    throw new Error('every code in the accepted window has been used');
  };
}
