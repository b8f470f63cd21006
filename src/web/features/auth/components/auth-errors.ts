/** better-auth's error as its client returns it. */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
}

export function authErrorMessage(error: AuthClientError, fallback: string): string {
  if (error.status === 0) return 'Cannot reach the server. Check your connection and try again.';
  return error.message || fallback;
}
