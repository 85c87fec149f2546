import { defineMessages, type Translate } from '../../lib/i18n';

/**
 * The hot-list page's own phrases, typed like the app dictionary (src/lib/i18n.ts): each key with its
 * Chinese and English phrase, so a missing translation is a type error.
 */

const MESSAGES = {
  'page.title': ['热榜', 'Hot lists'],
  'page.views': ['视图', 'Views'],
  'view.rank': ['实时榜单', 'Live ranking'],
  'view.history': ['历史热榜', 'History'],
  'view.trend': ['排名走势', 'Rank trend'],
  'view.monitor': ['异动监控', 'Abnormal monitor'],
  'list.label': ['榜单', 'List'],
  'list.hot': ['热股榜', 'Hot stocks'],
  'list.skyrocket': ['飙升榜', 'Skyrocketing'],
  'period.label': ['周期', 'Period'],
  'period.day': ['日榜', 'Day'],
  'period.hour': ['小时榜', 'Hour'],
  'limit.label': ['条数', 'Rows'],
  'col.rank': ['排名', 'Rank'],
  'col.change': ['名次变化', 'Rank change'],
  'col.code': ['代码', 'Code'],
  'col.name': ['名称', 'Name'],
  'col.heat': ['热度', 'Heat'],
  'col.price': ['最新价', 'Last'],
  'col.priceTitle': ['最新行情快照中的价格', 'Price in the latest quote snapshot'],
  'col.changePct': ['涨跌幅', 'Change %'],
  'col.prevRank': ['较前日', 'vs day before'],
  'col.prevRankTitle': [
    '与前一天榜单相比的名次变化；“新上榜”表示前一天不在前 30',
    'Change of rank against the day before; “new” means not in that day’s top 30',
  ],
  'history.new': ['新上榜', 'new'],
  'history.noHeat': [
    '历史榜单只有排名（服务不提供当日热度）；价格为最新行情',
    'A past list has ranks only (the service keeps no heat for past days); prices are the latest quotes',
  ],
  'col.heatTitle': [
    '热度值（服务原样为数字字符串），按万/亿显示',
    'Heat value (sent as a numeric string), shown in K/M/B',
  ],
  'trend.up': ['上升', 'Rose'],
  'trend.down': ['下降', 'Fell'],
  'trend.flat': ['持平', 'Unchanged'],
  'trend.unknown': ['未知', 'Unknown'],
  'rank.table': ['{list}（{period}）', '{list} ({period})'],
  'rank.empty': ['榜单暂无数据', 'The list is empty'],
  'rank.updated': ['更新于 {time}', 'Updated {time}'],
  'rank.live': ['交易时段每分钟自动刷新', 'Refreshes every minute during trading'],
  'history.date': ['日期', 'Date'],
  'history.prev': ['前一天', 'Previous day'],
  'history.next': ['后一天', 'Next day'],
  'history.table': ['{date} 热股前 30', 'Top 30 hot stocks of {date}'],
  'history.empty': ['{date} 没有热榜记录', 'No hot-list record for {date}'],
  'history.defaultHint': [
    '默认显示昨天（最近一个完整自然日）',
    'Yesterday (the latest complete day) unless a date is chosen',
  ],
  'date.future': ['{date} 在今天之后，还没有数据', '{date} is after today: no data yet'],
  'date.too-old': [
    '只能查询最近一年（{min} 至 {max}），{date} 不在其中',
    'Only the last year can be queried ({min} to {max}); {date} is outside it',
  ],
  'date.order': ['开始日期 {start} 晚于结束日期 {end}', 'The start {start} is after the end {end}'],
  'date.too-long': [
    '区间最长一年：{start} 至 {end} 超出',
    'A window spans at most one year: {start} to {end} is longer',
  ],
  'trend.window': ['区间', 'Window'],
  'trend.days': ['{days} 天', '{days} days'],
  'trend.year': ['1 年', '1 year'],
  'trend.start': ['起', 'From'],
  'trend.end': ['止', 'To'],
  'trend.add': ['添加股票', 'Add a stock'],
  'trend.addHint': [
    '最多对比 {max} 只股票；在下面的搜索框输入代码或名称添加',
    'Compare up to {max} stocks; type a code or name in the box below to add one',
  ],
  'trend.full': [
    '已达 {max} 只上限，移除一只后再添加',
    '{max} stocks is the limit: remove one to add another',
  ],
  'trend.remove': ['移除 {name}', 'Remove {name}'],
  'trend.legend': ['图例', 'Legend'],
  'trend.noCodes': ['还没有选择股票。', 'No stock chosen yet.'],
  'trend.topHot': ['对比热股榜前 3', 'Compare the top 3 hot stocks'],
  'trend.chart': [
    '{names} 的人气排名走势，第 1 名在顶部',
    'Popularity rank of {names} over time, rank 1 at the top',
  ],
  'trend.latest': ['最新 {rank}', 'latest {rank}'],
  'trend.rankOn': ['第 {rank} 名', 'rank {rank}'],
  'trend.latestDay': ['最新', 'Latest'],
  'trend.scale': [
    '对数刻度：前几名之间留出足够距离；右侧标签为各线最新排名',
    'Log scale: the top ranks stay apart; labels on the right are each line’s latest rank',
  ],
  'trend.noPoints': ['无数据', 'no data'],
  'trend.failed': ['失败', 'failed'],
  'trend.unavailable': ['当前环境无法绘制图表', 'Charts cannot be drawn here'],
  'monitor.state': ['状态', 'State'],
  'monitor.current': ['当前监控', 'Current'],
  'monitor.history': ['历史监控', 'History'],
  'monitor.size': ['每页', 'Per page'],
  'monitor.table': ['异动监控（{state}）', 'Abnormal monitor ({state})'],
  'monitor.type': ['监控类型', 'Monitoring'],
  'monitor.typeCode': ['类型码', 'Type code'],
  'monitor.start': ['开始日期', 'Start'],
  'monitor.end': ['结束日期', 'End'],
  'monitor.ongoing': ['进行中', 'Ongoing'],
  'monitor.severe': ['严重异常波动', 'Severe abnormal fluctuation'],
  'monitor.key': ['重点监控', 'Key monitoring'],
  'monitor.page': ['第 {page} 页', 'Page {page}'],
  'monitor.pageOf': ['第 {page} 页，共 {pages} 页（{total} 条）', 'Page {page} of {pages} ({total} records)'],
  'monitor.prev': ['上一页', 'Previous page'],
  'monitor.next': ['下一页', 'Next page'],
  'monitor.paging': ['翻页', 'Pages'],
  'monitor.empty': ['没有监控记录', 'No monitoring records'],
  'monitor.pastEnd': ['第 {page} 页没有记录', 'Page {page} has no records'],
  'monitor.first': ['回到第 1 页', 'Back to page 1'],
  'monitor.unnamed': ['（未具名）', '(unnamed)'],
} as const;

export type HotMessageKey = keyof typeof MESSAGES;

const messages = defineMessages(MESSAGES);

export const hotText = messages.text;
export type HotT = Translate<HotMessageKey>;
/** The app's language with this page's dictionary. */
export const useHotText = messages.useText;
