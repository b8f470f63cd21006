/** Helpers for the component tests of forms. */

/** The problem a field shows as a screen reader gets it (aria-invalid and aria-describedby), or null. */
export function problemAt(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}

/** The JSON bodies of the requests an answer function saw, in order (read after the request). */
export function bodies() {
  const seen: Promise<unknown>[] = [];
  return {
    record: (request: Request) => void seen.push(request.clone().json()),
    all: () => Promise.all(seen),
  };
}
