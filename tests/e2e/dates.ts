/**
 * A member's saved time zone and date format decide every date they see, not the browser's
 * zone. The oracle is Intl's own reading of a moment in Tokyo, written in EU order ("3 Jan, 16:05";
 * "3 Jan 2025, 16:05" in another year than the current one there).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function inTokyoEu(iso: string, now = new Date()): string {
  const parts = (date: Date) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'Asia/Tokyo',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(date)
        .map((part) => [part.type, part.value]),
    );
  const moment = parts(new Date(iso));
  const year = moment.year === parts(now).year ? '' : ` ${moment.year}`;
  return `${moment.day} ${MONTHS[Number(moment.month) - 1]}${year}, ${moment.hour}:${moment.minute}`;
}
