import { defineMessages } from '../../lib/i18n';

/** The intraday chart's phrases (stock, index and sector pages share the chart). */
export const intradayText = defineMessages({
  'view.label': ['图表', 'Chart'],
  'view.intraday': ['分时', 'Intraday'],
  'view.daily': ['K 线', 'Candles'],
  'span.label': ['天数', 'Days'],
  'span.1': ['当日', '1 day'],
  'span.5': ['五日', '5 days'],
  'readout.label': ['光标处的分钟', 'The minute under the cursor'],
  'readout.time': ['时间', 'Time'],
  'readout.price': ['价格', 'Price'],
  'readout.change': ['涨跌幅', 'Change'],
  'readout.avg': ['均价', 'Avg'],
  'readout.volume': ['成交量', 'Volume'],
  'key.price': ['价格', 'Price'],
  'key.avg': ['均价', 'Average price'],
  'key.base': ['昨收 {value}', 'Prev close {value}'],
  'key.base5': ['{date} 前收盘 {value}', 'Close before {date}: {value}'],
  'axis.base': ['昨收', 'Prev close'],
  'chart.label': ['{name} 分时图（{dates}）', 'Intraday chart of {name} ({dates})'],
  'chart.keys': [
    '左右方向键逐分钟查看，Page Up/Down 跳 30 分钟，Home/End 跳到首尾，Esc 回到最新一分钟。',
    'Arrow keys step through the minutes, Page Up/Down jump 30 minutes, Home/End go to the ends, Esc returns to the latest minute.',
  ],
  'chart.unavailable': ['当前环境无法绘制图表', 'Charts cannot be drawn here'],
  'chart.change': ['涨跌幅相对昨收', 'Change from the previous close'],
  'note.started': ['记录开始于 {time}', 'Recording started at {time}'],
  'note.startedDay': ['{date} 记录开始于 {time}', '{date}: recording started at {time}'],
  'note.startedHint': [
    '此前的分钟没有记录，均价从这里算起。',
    'The minutes before it were not recorded; the average price counts from there.',
  ],
  'note.offWithData': [
    '分时记录已关闭：下面是关闭前记录的分钟，不再更新。',
    'The minute tape is off: the minutes below were recorded before it stopped and are not updated.',
  ],
  'note.recording': ['记录中 · 最新 {time}', 'Recording · latest {time}'],
  'empty.none': [
    '还没有分时记录：服务器在交易时段每分钟记录一次。',
    'No minutes recorded yet: the server records the tape once a minute while the exchanges are open.',
  ],
  'empty.off': [
    '分时记录已关闭，没有可显示的分钟。',
    'The minute tape is off: there are no minutes to show.',
  ],
});

export type IntradayKey = Parameters<ReturnType<typeof intradayText.useText>['t']>[0];
