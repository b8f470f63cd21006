/**
 * A theme token (`--primary`) as `rgba(r, g, b, a)`. The canvas chart library parses only hex and
 * rgb(a), while the theme is written in oklch: painting one pixel lets the browser convert it.
 */
export function themeColor(token: string, alpha = 1): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(`--${token}`).trim();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context || !value) return `rgba(128, 128, 128, ${alpha})`;
  context.fillStyle = value;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
