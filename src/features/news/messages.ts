import { defineMessages, type Translate } from '../../lib/i18n';

/** The news pages' own phrases (zh-CN, English). */

const MESSAGES = {
  'page.title': ['7×24 快讯', 'News flash'],
  'page.times': ['时间为北京时间', 'Times are Beijing time'],
  'columns.label': ['栏目', 'Columns'],
  'column.0': ['全部', 'All'],
  'column.1': ['A股', 'A-shares'],
  'column.2': ['宏观', 'Macro'],
  'column.3': ['港美股', 'HK & US'],
  'column.4': ['期货', 'Futures'],
  'column.5': ['公司', 'Companies'],
  'column.6': ['行业', 'Industries'],
  'column.7': ['全球', 'Global'],
  'refresh.auto': [
    '自动获取新快讯：交易时段每分钟，其余时间每 {minutes} 分钟',
    'New items are fetched every minute during sessions, every {minutes} minutes otherwise',
  ],
  'refresh.now': ['立即刷新', 'Check now'],
  'refresh.checking': ['正在检查…', 'Checking…'],
  'refresh.failed': ['获取新快讯失败', 'Could not check for new items'],
  'unread.count': ['{count} 条新快讯', '{count} new'],
  'unread.markAll': ['全部标为已读', 'Mark all read'],
  'unread.badge': ['新', 'New'],
  'list.label': ['快讯列表', 'News flashes'],
  'day.today': ['今天', 'Today'],
  'weekday.0': ['周日', 'Sun'],
  'weekday.1': ['周一', 'Mon'],
  'weekday.2': ['周二', 'Tue'],
  'weekday.3': ['周三', 'Wed'],
  'weekday.4': ['周四', 'Thu'],
  'weekday.5': ['周五', 'Fri'],
  'weekday.6': ['周六', 'Sat'],
  'list.empty': ['这个栏目暂时没有快讯', 'No flash in this column yet'],
  'list.more': ['加载更早的快讯', 'Load earlier items'],
  'list.loadingMore': ['加载中…', 'Loading…'],
  'list.end': ['没有更早的快讯了', 'No earlier items'],
  'item.edited': ['{time} 更新', 'updated {time}'],
  'item.stocks': ['相关个股', 'Stocks named'],
  'item.notice': ['公告解读', 'Announcement'],
  'item.announcement': ['公告', 'Filing'],
  'notice.back': ['返回快讯', 'Back to the news'],
  'notice.title': ['公告解读', 'Announcement interpretation'],
  'notice.period': ['报告期', 'Report period'],
  'notice.type': ['公告类型', 'Type'],
  'notice.summary': ['要点', 'Key points'],
  'notice.findings': ['月报解读', 'Monthly report findings'],
  'notice.noFindings': ['没有发现需要关注的内容', 'No findings'],
  'notice.overall': ['总结', 'Summary'],
  'notice.empty': ['这份公告没有解读内容', 'This announcement has no interpretation'],
  'notice.seq': ['公告序号', 'Sequence'],
  'notice.recent': ['近期公告', 'Recent announcements'],
  'notice.recentEmpty': ['最近的快讯中没有公告', 'No announcement among the latest items'],
  'notice.sanitized': [
    '解读中的 HTML 已清理：脚本、事件属性、外部图片与表单均已移除。',
    'The HTML of the interpretation is sanitised: scripts, event attributes, external images and forms are removed.',
  ],
  'stock.title': ['{name} 相关快讯', 'News naming {name}'],
  'stock.searched': [
    '已检索最近 {count} 条快讯（最早 {time}）',
    'Searched the latest {count} items (back to {time})',
  ],
  'stock.none': ['最近的快讯没有提到 {name}', 'No recent item names {name}'],
  'stock.more': ['检索更早的快讯', 'Search earlier items'],
  'stock.all': ['查看全部快讯', 'All news'],
} as const;

export type NewsMessageKey = keyof typeof MESSAGES;

const messages = defineMessages(MESSAGES);

export const newsText = messages.text;
export const hasNewsMessage = messages.has;
export type NewsT = Translate<NewsMessageKey>;
export const useNewsText = messages.useText;
