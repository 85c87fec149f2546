import { direction, formatAmount } from '../../lib/format';
import type { Language } from '../../lib/i18n';

/**
 * A net amount with a diverging bar: buying grows right of the centre line, selling left, scaled to the
 * largest absolute amount of the table so bars compare across rows. Colours follow the up/down
 * convention the user chose.
 */
export function NetBar({
  value,
  scale,
  lang,
}: {
  value: number | null | undefined;
  scale: number;
  lang: Language;
}) {
  const dir = direction(value);
  const share = typeof value === 'number' && scale > 0 ? Math.min(Math.abs(value) / scale, 1) : 0;
  return (
    <span className="dtl-net">
      <span className="dtl-net__track" aria-hidden="true">
        {share > 0 && (
          <span
            className={`dtl-net__bar dtl-net__bar--${dir}`}
            style={{ width: `${(share * 50).toFixed(2)}%` }}
            data-share={share.toFixed(4)}
          />
        )}
      </span>
      <span className={`dtl-net__value ${dir}`}>{formatAmount(value, lang, 2, { sign: true })}</span>
    </span>
  );
}
