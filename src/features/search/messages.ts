import { defineMessages } from '../../lib/i18n';

/** The search feature's own phrases (the search box's labels are in the app dictionary). */
export const searchText = defineMessages({
  'elsewhere.title': ['{name} {code}', '{name} {code}'],
  'elsewhere.type': [
    '{code}（{name}）是{type}，不是{expected}。',
    '{code} ({name}) is of type “{type}”, not “{expected}”.',
  ],
  'elsewhere.open': ['打开 {name} 的{type}页面', 'Open the {type} page of {name}'],
  'elsewhere.noPage': [
    '「{type}」类品种的页面尚未提供：可以把它加入自选，或用搜索打开其他证券。',
    'Pages for the type “{type}” are not available yet: add it to a watchlist, or open another instrument with the search.',
  ],
  'elsewhere.home': ['返回首页', 'Back to home'],
});
