/**
 * A span of time as the overview shows it, at most two units: "45 s", "12 min", "3 h 12 min",
 * "2 d 4 h" (a unit at zero is left out: "3 h", "2 d").
 */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} s`;
  const minutes = Math.round(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return join(hours, 'h', minutes % 60, 'min');
  const wholeHours = Math.round(minutes / 60);
  return join(Math.floor(wholeHours / 24), 'd', wholeHours % 24, 'h');
}

const join = (major: number, majorUnit: string, minor: number, minorUnit: string) =>
  minor === 0 ? `${major} ${majorUnit}` : `${major} ${majorUnit} ${minor} ${minorUnit}`;
