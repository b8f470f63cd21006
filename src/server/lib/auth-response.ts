/**
 * better-auth answers sign-in, sign-up and two-factor verification with the session token in the JSON
 * body as well as in the HttpOnly cookie. The site uses the cookie alone, so the copy in the body
 * (readable by any script on the page) is removed; everything else passes unchanged.
 */
export async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return response;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('token' in body)) return response;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(rest), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
