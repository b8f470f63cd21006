/**
 * Fetches a file the server sends as an attachment and hands it to the browser as a download, under
 * the name the server gives (`content-disposition`), else `fallbackName`. Throws with the status when
 * the server refuses, so the caller's toast can say so.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The server answered ${response.status}. Please try again.`);
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
