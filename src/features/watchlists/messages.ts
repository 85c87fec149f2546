import { useMemo } from 'react';
import { defineMessages, hasMessage, translate, type Language, type Translate } from '../../lib/i18n';

/**
 * The watchlist pages' own phrases, typed like the app dictionary: Chinese gives the keys and English
 * must give every one, so a missing translation is a type error.
 */

const MESSAGES = {
  'index.title': ['自选清单', 'Watchlists'],
  'index.intro': [
    '清单保存在服务器上，在任何浏览器打开都一样；分享链接可以把一个清单交给同事。',
    'Lists are kept on the server, so they look the same in every browser; a share link hands a list to a colleague.',
  ],
  'index.count': ['{count} / {max} 个清单', '{count} of {max} lists'],
  'index.empty': ['还没有清单。在上面输入名称新建一个。', 'No lists yet. Type a name above to create one.'],
  'index.name': ['名称', 'Name'],
  'index.items': ['品种数', 'Items'],
  'index.updated': ['更新时间', 'Updated'],
  'index.actions': ['操作', 'Actions'],
  'index.import': ['导入 CSV', 'Import CSV'],
  'index.listLabel': ['所有自选清单', 'All watchlists'],
  'create.label': ['新清单名称', 'Name of the new list'],
  'create.placeholder': ['例如：白酒、银行、期权观察', 'e.g. Liquor, Banks, Options to watch'],
  'create.submit': ['新建', 'Create'],
  'create.busy': ['正在新建…', 'Creating…'],
  'name.empty': ['请输入名称', 'Enter a name'],
  'name.tooLong': ['名称最多 {max} 个字', 'A name has at most {max} characters'],
  'name.format': ['名称不能含控制字符', 'A name cannot hold control characters'],
  'rename.label': ['重命名', 'Rename'],
  'rename.input': ['「{name}」的新名称', 'New name for “{name}”'],
  'rename.save': ['保存', 'Save'],
  'rename.cancel': ['取消', 'Cancel'],
  'delete.label': ['删除', 'Delete'],
  'delete.listLabel': ['删除清单', 'Delete list'],
  'delete.confirm': [
    '确定删除「{name}」及其中的 {count} 个品种吗？此操作不能撤销。',
    'Delete “{name}” and its {count} items? This cannot be undone.',
  ],
  'delete.yes': ['确定删除', 'Delete'],
  'delete.no': ['取消', 'Cancel'],
  'delete.changed': [
    '「{name}」刚被其他地方修改过（现在有 {count} 个品种），所以没有删除。请确认是否仍要删除。',
    '“{name}” was just changed elsewhere (it now has {count} items), so it was not deleted. Confirm again to delete it.',
  ],
  'delete.done': ['已删除「{name}」', 'Deleted “{name}”'],
  'list.back': ['← 所有清单', '← All lists'],
  'list.meta': ['{count} / {max} 个品种 · 更新于 {time}', '{count} of {max} items · updated {time}'],
  'list.notFound': [
    '清单 {id} 不存在，可能已被删除。',
    'Watchlist {id} does not exist; it may have been deleted.',
  ],
  'list.badId': ['不是有效的清单编号：{id}', 'Not a valid watchlist number: {id}'],
  'list.tableLabel': ['「{name}」的品种', 'Items of “{name}”'],
  'list.empty': [
    '清单是空的。用上面的搜索框添加品种。',
    'The list is empty. Add instruments with the search box above.',
  ],
  'list.sortedHint': [
    '正在按列排序显示；要调整顺序，请先恢复自定义顺序。',
    'Sorted by a column; restore your own order to rearrange items.',
  ],
  'list.clearSort': ['恢复自定义顺序', 'Restore own order'],
  'list.quoteErrors': [
    '{count} 个品种的行情暂时取不到，显示为“—”。',
    'Quotes of {count} items cannot be fetched right now; they show “—”.',
  ],
  'list.retryQuotes': ['重试', 'Retry'],
  'list.reorderHint': [
    '拖动 ⠿ 调整顺序；或选中一行后按 Alt+↑ / Alt+↓。',
    'Drag ⠿ to reorder, or focus a row and press Alt+↑ / Alt+↓.',
  ],
  'col.order': ['序', '#'],
  'col.code': ['代码', 'Code'],
  'col.name': ['名称', 'Name'],
  'col.type': ['类型', 'Type'],
  'col.last': ['最新', 'Last'],
  'col.lastTitle': [
    '股票、指数、ETF：最新价；场外基金、LOF、REITs：最新单位净值；期权、期货：最近收盘价',
    'Shares, indices, ETFs: last price; off-exchange funds, LOFs, REITs: latest unit net value; options, futures: latest close',
  ],
  'col.change': ['涨跌', 'Change'],
  'col.changePct': ['涨跌幅', 'Change %'],
  'col.volume': ['成交量', 'Volume'],
  'col.turnover': ['成交额', 'Turnover'],
  'col.peTtm': ['市盈率TTM', 'PE TTM'],
  'col.pbMrq': ['市净率', 'PB'],
  'col.valuationTitle': ['估值快照，仅 A 股', 'Valuation snapshot, A-shares only'],
  'col.time': ['数据时间', 'Data time'],
  'col.note': ['备注', 'Note'],
  'col.actions': ['操作', 'Actions'],
  'basis.nav': ['净值', 'NAV'],
  'basis.close': ['收盘', 'Close'],
  'quote.failed': ['行情获取失败：{message}', 'Quote not available: {message}'],
  'quote.none': ['该品种没有可用的行情', 'No quote is available for this instrument'],
  'row.drag': ['拖动以调整「{name}」的位置', 'Drag to move “{name}”'],
  'row.remove': ['移除', 'Remove'],
  'row.removeLabel': ['从清单移除 {name}', 'Remove {name} from the list'],
  'row.open': ['打开 {name}', 'Open {name}'],
  'row.removed': ['已移除 {name}（{code}）', 'Removed {name} ({code})'],
  'note.add': ['添加备注', 'Add note'],
  'note.edit': ['编辑「{name}」的备注', 'Edit the note of “{name}”'],
  'note.input': ['「{name}」的备注', 'Note of “{name}”'],
  'note.hint': [
    'Enter 保存 · Esc 取消 · Shift+Enter 换行',
    'Enter saves · Esc cancels · Shift+Enter for a new line',
  ],
  'note.tooLong': ['备注最多 {max} 个字', 'A note has at most {max} characters'],
  'move.done': [
    '{name} 已移到第 {position} 位，共 {count} 项',
    '{name} moved to position {position} of {count}',
  ],
  'move.sorted': ['按列排序时不能调整顺序', 'Items cannot be moved while the table is sorted by a column'],
  'move.edge': ['{name} 已经在第 {position} 位', '{name} is already at position {position}'],
  'add.label': ['添加品种', 'Add instrument'],
  'add.placeholder': [
    '输入代码或名称，↑↓ 选择，Enter 添加',
    'Type a code or name, ↑↓ to choose, Enter to add',
  ],
  'add.results': ['可添加的品种', 'Instruments to add'],
  'add.loading': ['搜索中…', 'Searching…'],
  'add.empty': ['无匹配', 'No match'],
  'add.error': ['搜索失败', 'Search failed'],
  'add.already': ['已在清单', 'In list'],
  'add.unsupported': ['不支持', 'Not supported'],
  'add.unsupportedNotice': [
    '{name}（{code}）属于「{type}」，自选清单不支持这类品种。',
    '{name} ({code}) is of type “{type}”, which watchlists do not hold.',
  ],
  'add.alreadyNotice': ['{name}（{code}）已在清单中。', '{name} ({code}) is already in the list.'],
  'add.done': ['已添加 {name}（{code}）', 'Added {name} ({code})'],
  'add.full': ['清单已满（最多 {max} 个品种）', 'The list is full (at most {max} items)'],
  'add.hint': ['↑↓ 选择 · Enter 添加 · Esc 关闭', '↑↓ choose · Enter add · Esc close'],
  'edit.add': ['添加 {codes}', 'Adding {codes}'],
  'edit.remove': ['移除 {code}', 'Removing {code}'],
  'edit.move': ['移动 {code}', 'Moving {code}'],
  'edit.note': ['{code} 的备注', 'The note of {code}'],
  'edit.rename': ['重命名为「{name}」', 'Renaming to “{name}”'],
  'edit.visibility': ['设为{what}可见', 'Making it visible to: {what}'],
  'outcome.retried': [
    '清单刚在其他地方被修改过，已在最新版本上重新应用：{what}。',
    'The list had just been changed elsewhere; your change was applied again on the newest version: {what}.',
  ],
  'outcome.already': [
    '{what}：无需修改，清单中已经是这样。',
    '{what}: nothing to change, the list already is that way.',
  ],
  'outcome.conflict': [
    '{what}未能保存：清单在其他地方被连续修改。请查看最新内容后再试。',
    '{what} was not saved: the list kept being changed elsewhere. Look at its newest content and try again.',
  ],
  'outcome.gone': [
    '{what}未执行：该品种已不在清单中（可能在其他地方被移除）。',
    '{what} was not done: the item is no longer in the list (removed elsewhere?).',
  ],
  'outcome.changedNote': [
    '{code} 的备注已在其他地方改为「{theirs}」，你的备注没有覆盖它。你的内容：「{mine}」',
    'The note of {code} was changed elsewhere to “{theirs}”; yours did not overwrite it. Your text: “{mine}”',
  ],
  'outcome.changedName': [
    '清单已在其他地方改名为「{theirs}」，你的新名称「{mine}」没有覆盖它。',
    'The list was renamed elsewhere to “{theirs}”; your name “{mine}” did not overwrite it.',
  ],
  'outcome.limit': [
    '{what}未执行：清单最多 {max} 个品种。',
    '{what} was not done: a list holds at most {max} items.',
  ],
  'outcome.error': ['{what}失败：{message}', '{what} failed: {message}'],
  'outcome.missing': [
    '这个清单已不存在（可能在其他地方被删除）。',
    'This list no longer exists (deleted elsewhere?).',
  ],
  'notice.dismiss': ['关闭', 'Dismiss'],
  'share.label': ['分享', 'Share'],
  'share.title': ['分享链接', 'Share link'],
  'share.hint': [
    '打开链接会预览这个清单，并可另存为新清单。',
    'The link opens a preview of this list that can be saved as a new list.',
  ],
  'share.copy': ['复制', 'Copy'],
  'share.copied': ['已复制', 'Copied'],
  'share.copyFailed': [
    '无法写入剪贴板，请手动复制上面的链接。',
    'The clipboard is not available; copy the link above by hand.',
  ],
  'share.notesOmitted': [
    '备注太长，链接中只包含代码。',
    'The notes are too long for a link; it carries the codes only.',
  ],
  'share.close': ['关闭', 'Close'],
  'export.label': ['导出清单', 'Export list'],
  'export.title': ['导出代码与备注（可再导入）', 'Export codes and notes (can be imported again)'],
  'import.title': ['导入清单', 'Import a list'],
  'import.sharedTitle': ['别人分享的清单', 'A shared list'],
  'import.intro': [
    '选择一个 CSV 文件（第一列为代码，可带“备注”列，与导出的格式相同）。',
    'Choose a CSV file: codes in the first column, optionally a “note” column, as the export writes it.',
  ],
  'import.file': ['选择 CSV 文件', 'Choose a CSV file'],
  'import.readFailed': ['无法读取文件：{message}', 'The file cannot be read: {message}'],
  'import.name': ['清单名称', 'List name'],
  'import.nameProblem': ['{field}：{problem}', '{field}: {problem}'],
  'import.save': ['保存为新清单', 'Save as new list'],
  'import.saving': ['正在保存…', 'Saving…'],
  'import.resolving': ['正在查找 {done} / {total}…', 'Looking up {done} of {total}…'],
  'import.ready': ['{count} 个品种可以保存', '{count} items can be saved'],
  'import.nothing': ['没有可以保存的品种。', 'Nothing can be saved.'],
  'import.rejected': ['{count} 行未被接受', '{count} lines not accepted'],
  'import.line': ['第 {line} 行', 'Line {line}'],
  'import.code': ['代码', 'Code'],
  'import.instrument': ['名称', 'Name'],
  'import.type': ['类型', 'Type'],
  'import.note': ['备注', 'Note'],
  'import.status': ['状态', 'Status'],
  'import.previewLabel': ['将要保存的品种', 'Items to save'],
  'import.ok': ['可保存', 'Ready'],
  'import.pending': ['查找中…', 'Looking up…'],
  'reject.format': ['不是有效的代码：{code}', 'Not a valid code: {code}'],
  'reject.duplicate': ['重复的代码：{code}', 'Code given twice: {code}'],
  'reject.note': [
    '备注超过 {max} 个字或含有控制字符',
    'The note is longer than {max} characters or holds control characters',
  ],
  'reject.limit': ['超过清单上限 {max} 个品种', 'Beyond the limit of {max} items per list'],
  'reject.unknown': ['找不到该品种：{code}', 'Unknown instrument: {code}'],
  'reject.unsupported': [
    '{code} 属于「{type}」，自选清单不支持',
    '{code} is of type “{type}”, which watchlists do not hold',
  ],
  'reject.lookup': ['暂时无法查询 {code}：{message}', '{code} cannot be looked up right now: {message}'],
  'import.failed': ['保存失败：{message}', 'Saving failed: {message}'],
  'import.empty': ['文件中没有代码。', 'The file holds no codes.'],
  'import.another': ['选择另一个文件', 'Choose another file'],
  'import.position': ['第 {line} 个代码', 'Code {line}'],
  'error.nameTaken': [
    '已有同名的清单（不区分大小写），请换一个名称。',
    'A list with this name already exists (ignoring case); choose another name.',
  ],
  'error.limit': ['已达到上限：{message}', 'A limit was reached: {message}'],
  'error.network': [
    '无法连接服务器，请检查网络后重试。',
    'The server cannot be reached; check the connection and try again.',
  ],
  'error.notFound': ['清单不存在（可能已被删除）。', 'The list does not exist (deleted?).'],
  'error.crossOrigin': ['只能在本站页面中修改清单。', 'Lists can only be changed from pages of this site.'],
  'error.searchUnavailable': [
    '暂时无法查询品种，未做任何修改，请稍后重试。',
    'Instruments cannot be looked up right now; nothing was changed. Try again later.',
  ],
  'error.unknownInstrument': [
    '有代码不是已知的品种：{message}',
    'A code is not a known instrument: {message}',
  ],
  'index.mine': ['我的清单', 'My lists'],
  'index.team': ['团队共享的清单', 'Shared by the team'],
  'index.teamIntro': [
    '同事设为团队可见的清单，只能查看；需要修改可以用分享链接另存一份。',
    'Lists colleagues made visible to the team: read-only; save your own copy through a share link to change one.',
  ],
  'index.teamEmpty': ['还没有同事共享清单。', 'No colleague has shared a list yet.'],
  'index.owner': ['所有者', 'Owner'],
  'index.visibility': ['可见范围', 'Visible to'],
  'visibility.private': ['仅自己', 'Only me'],
  'visibility.team': ['团队', 'Team'],
  'visibility.makeTeam': ['设为团队可见', 'Share with the team'],
  'visibility.makePrivate': ['设为仅自己可见', 'Make private'],
  'visibility.label': ['可见范围：{what}', 'Visible to: {what}'],
  'visibility.done': ['「{name}」现在{what}可见', '“{name}” is now visible to: {what}'],
  'readonly.badge': ['只读 · {owner} 共享', 'Read-only · shared by {owner}'],
  'readonly.hint': [
    '这是同事共享的清单，只能查看。可以用“分享”链接另存为自己的清单。',
    'This list is shared by a colleague and is read-only. Use “Share” to save a copy of your own.',
  ],
  'deleted.title': ['最近删除', 'Recently deleted'],
  'deleted.intro': [
    '删除的清单保留 30 天，期间可以连同品种和历史一起恢复。',
    'Deleted lists are kept for 30 days and can be restored with their items and history.',
  ],
  'deleted.empty': ['没有最近删除的清单。', 'No recently deleted lists.'],
  'deleted.when': ['删除于', 'Deleted'],
  'deleted.until': ['保留至', 'Kept until'],
  'deleted.restore': ['恢复', 'Restore'],
  'deleted.restoreLabel': ['恢复「{name}」', 'Restore “{name}”'],
  'deleted.restored': ['已恢复「{name}」', 'Restored “{name}”'],
  'deleted.failed': ['恢复失败：{message}', 'Restore failed: {message}'],
  'history.open': ['历史版本', 'History'],
  'history.close': ['关闭历史', 'Close history'],
  'history.title': ['「{name}」的历史版本', 'History of “{name}”'],
  'history.empty': ['还没有历史记录。', 'No history yet.'],
  'history.version': ['版本', 'Version'],
  'history.when': ['时间', 'When'],
  'history.by': ['修改人', 'By'],
  'history.what': ['修改内容', 'Change'],
  'history.items': ['品种数', 'Items'],
  'history.current': ['当前版本', 'Current'],
  'history.restore': ['恢复', 'Restore'],
  'history.restoreLabel': ['恢复到版本 {version}', 'Restore version {version}'],
  'history.restored': [
    '已恢复到版本 {version} 的内容（作为新版本 {now}）',
    'Restored the content of version {version} (as new version {now})',
  ],
  'history.failed': ['恢复失败：{message}', 'Restore failed: {message}'],
  'action.create': ['新建', 'Created'],
  'action.rename': ['重命名 {detail}', 'Renamed {detail}'],
  'action.add': ['添加 {detail}', 'Added {detail}'],
  'action.remove': ['移除 {detail}', 'Removed {detail}'],
  'action.reorder': ['调整顺序', 'Reordered'],
  'action.note': ['修改 {detail} 的备注', 'Note of {detail} changed'],
  'action.visibility': ['可见范围改为 {detail}', 'Visibility set to {detail}'],
  'action.restore_version': ['恢复到版本 {detail}', 'Restored version {detail}'],
  'action.snapshot': ['升级前的内容', 'Content before the upgrade'],
  'error.forbidden': ['只有清单的所有者可以修改它。', 'Only the owner of a list can change it.'],
  'error.csrf': [
    '会话已过期或在别处重新登录过，请刷新页面后重试。',
    'The session expired or changed elsewhere; reload the page and try again.',
  ],
  'error.unauthenticated': ['请先登录。', 'Please sign in first.'],
  'error.rateLimited': [
    '修改过于频繁，请稍等片刻再试；这次的修改没有保存。',
    'Too many changes in a short time; wait a moment and try again. This change was not saved.',
  ],
  // The "add to watchlist" control of instrument pages.
  'addTo.button': ['加入自选', 'Add to watchlist'],
  'addTo.title': ['加入自选清单', 'Add to a watchlist'],
  'addTo.choose': ['选择清单', 'Choose a list'],
  'addTo.count': ['{count} 项', '{count} items'],
  'addTo.none': ['还没有清单。', 'No lists yet.'],
  'addTo.loading': ['加载清单…', 'Loading lists…'],
  'addTo.newName': ['新清单名称', 'Name of a new list'],
  'addTo.create': ['新建并加入', 'Create and add'],
  'addTo.added': ['已加入「{name}」', 'Added to “{name}”'],
  'addTo.already': ['已在「{name}」中', 'Already in “{name}”'],
  'addTo.open': ['查看', 'Open'],
  'addTo.failed': ['未能加入：{message}', 'Not added: {message}'],
  'addTo.nameEmpty': ['请输入名称', 'Enter a name'],
  'addTo.nameLong': ['名称最多 {max} 个字', 'A name has at most {max} characters'],
  'addTo.nameTaken': ['已有同名的清单', 'A list with this name already exists'],
  'live.connecting': ['连接实时同步…', 'Connecting…'],
  'live.live': ['实时同步', 'Live'],
  'live.reconnecting': ['重新连接中…', 'Reconnecting…'],
  'live.paused': ['实时同步暂停', 'Live paused'],
  'live.hint.connecting': ['正在连接服务器的实时通道', 'Connecting to the server’s live channel'],
  'live.hint.live': [
    '其他窗口或同事对清单的修改会立即显示在这里',
    'Changes made in other tabs or by colleagues show up here at once',
  ],
  'live.hint.reconnecting': [
    '与服务器的实时连接中断了，正在重新连接；连上后会重新读取清单',
    'The live connection to the server dropped; reconnecting, and the lists are read again once it is back',
  ],
  'live.hint.paused': [
    '服务器暂时不接受更多实时连接，稍后会自动重试；切回此页时清单也会刷新',
    'The server is not taking more live connections right now and will be tried again shortly; lists also refresh when you come back to this page',
  ],
} as const;

export type WatchlistMessageKey = keyof typeof MESSAGES;

const messages = defineMessages(MESSAGES);

export const watchlistText = messages.text;

/** Whether a key built at run time (an action or visibility from the server) has a phrase. */
export function hasWatchlistText(key: string): key is WatchlistMessageKey {
  return Object.hasOwn(MESSAGES, key);
}
export type WatchlistT = Translate<WatchlistMessageKey>;

export interface WatchlistText {
  lang: Language;
  t: WatchlistT;
  /** The app dictionary's label of a search `asset_type`, or the type itself. */
  assetLabel: (type: string) => string;
}

/** The app's language with the watchlist dictionary. */
export function useWatchlistText(): WatchlistText {
  const { lang, t } = messages.useText();
  return useMemo(
    () => ({
      lang,
      t,
      assetLabel: (type) => {
        const key = `asset.${type}`;
        return hasMessage(key) ? translate(lang, key) : type;
      },
    }),
    [lang, t],
  );
}
