import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { StockLink } from '../../components/StockLink';
import { FLASH_TYPE_ANNOUNCEMENT } from '../../contract/operations/news-terms';
import { formatShanghaiMinute } from '../../lib/format';
import { flashText, groupByDay, type FlashItem, type StockName } from './model';
import { hasNewsMessage, useNewsText } from './messages';

export interface FlashListProps {
  items: readonly FlashItem[];
  /** Ids to mark as new until read. */
  unread?: ReadonlySet<string>;
  onRead?: (id: string) => void;
  /** Finds the stocks an item names (the code table); without it, no stock links. */
  findStocks?: (text: string) => StockName[];
  /** Today's Shanghai date, to label its group. */
  today: string | null;
  label: string;
  /**
   * Level of the day headings, one below the heading the list sits under (the news page's h1: 2; the
   * stock view's news title, an h3: 4); each item's title is one level further down.
   */
  dayHeading?: 2 | 4;
}

/** Sunday first, as `Date.getUTCDay` counts. */
const WEEKDAY_KEYS = [
  'weekday.0',
  'weekday.1',
  'weekday.2',
  'weekday.3',
  'weekday.4',
  'weekday.5',
  'weekday.6',
] as const;

function TagLabel({ id, name }: { id: number; name: string }) {
  const { lang, t } = useNewsText();
  const key = `column.${id}`;
  // The service's own (Chinese) name, or the English label of a known column.
  return <span className="flash__tag">{lang === 'en' && hasNewsMessage(key) ? t(key) : name}</span>;
}

const FlashRow = memo(function FlashRow({
  item,
  isUnread,
  onRead,
  findStocks,
  Title,
}: {
  item: FlashItem;
  isUnread: boolean;
  onRead?: (id: string) => void;
  findStocks?: (text: string) => StockName[];
  Title: 'h3' | 'h5';
}) {
  const { t } = useNewsText();
  const time = formatShanghaiMinute(item.create_time_ms).slice(11);
  const edited = item.update_time_ms > item.create_time_ms;
  const stocks = findStocks ? findStocks(flashText(item)) : [];
  const read = isUnread && onRead ? () => onRead(item.id) : undefined;
  return (
    <li
      className={isUnread ? 'flash flash--unread' : 'flash'}
      data-flash-id={item.id}
      data-unread={isUnread ? 'true' : undefined}
      // A new item is read once it is clicked or reached with the keyboard.
      tabIndex={isUnread ? 0 : undefined}
      onClick={read}
      onFocus={read}
    >
      <time className="flash__time num" dateTime={new Date(item.create_time_ms).toISOString()}>
        {time}
      </time>
      <div className="flash__body">
        <Title className="flash__title">
          {isUnread && <span className="flash__new">{t('unread.badge')}</span>}
          {item.type === FLASH_TYPE_ANNOUNCEMENT && (
            <span className="flash__kind">{t('item.announcement')}</span>
          )}
          {item.title}
        </Title>
        {item.summary !== null && item.summary !== '' && item.summary !== item.title && (
          <p className="flash__summary">{item.summary}</p>
        )}
        <div className="flash__meta">
          {item.tags.map((tag) => (
            <TagLabel key={tag.id} id={tag.id} name={tag.name} />
          ))}
          {stocks.length > 0 && (
            <span className="flash__stocks" aria-label={t('item.stocks')}>
              {stocks.map((stock) => (
                <StockLink key={stock.thscode} thscode={stock.thscode}>
                  {stock.name}
                </StockLink>
              ))}
            </span>
          )}
          {item.type === FLASH_TYPE_ANNOUNCEMENT && (
            <Link
              to="/news/notice/$seq"
              params={{ seq: item.seq }}
              className="flash__notice"
              onClick={(event) => event.stopPropagation()}
            >
              {t('item.notice')} →
            </Link>
          )}
          {edited && (
            <span className="muted num">
              {t('item.edited', { time: formatShanghaiMinute(item.update_time_ms).slice(11) })}
            </span>
          )}
        </div>
      </div>
    </li>
  );
});

/** Flashes grouped by Shanghai day, newest first; new ones marked until read. */
export function FlashList({
  items,
  unread,
  onRead,
  findStocks,
  today,
  label,
  dayHeading = 2,
}: FlashListProps) {
  const { t } = useNewsText();
  const Day = dayHeading === 2 ? 'h2' : 'h4';
  return (
    <ol className="flash-days" aria-label={label} data-testid="flash-list">
      {groupByDay(items).map((group) => (
        <li key={group.date} className="flash-day">
          <Day className="flash-day__date num">
            {group.date} {t(WEEKDAY_KEYS[new Date(`${group.date}T00:00:00Z`).getUTCDay()] ?? 'weekday.0')}
            {group.date === today && <span className="flash-day__today"> · {t('day.today')}</span>}
          </Day>
          <ol className="flash-day__items">
            {group.items.map((item) => (
              <FlashRow
                key={item.id}
                item={item}
                isUnread={unread?.has(item.id) ?? false}
                onRead={onRead}
                findStocks={findStocks}
                Title={dayHeading === 2 ? 'h3' : 'h5'}
              />
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}
