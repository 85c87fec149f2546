import { formatShanghaiDate, formatShanghaiMinute } from '../../lib/format';

/**
 * `yyyy-MM-dd HH:mm` (Shanghai) for a narrow table cell: it wraps only between the day and the time,
 * never inside the day at a hyphen.
 */
export function MinuteText({ ms }: { ms: number }) {
  const day = formatShanghaiDate(ms);
  const minute = formatShanghaiMinute(ms);
  return (
    <>
      <span className="wl-day">{day}</span>
      {minute.startsWith(`${day} `) ? minute.slice(day.length) : null}
    </>
  );
}
