/**
 * Real names and rough magnitudes for well-known A-shares, and the parts from which plausible names are
 * generated for the rest of the universe. Magnitudes are approximate and only meant to look right:
 * price around 2026-07-15, float shares, usual daily turnover rate, yearly revenue and net margin.
 */

export interface KnownStock {
  code: string;
  name: string;
  en: string;
  /** Pinyin initials of the name, for search. */
  py: string;
  list: string;
  /** Float shares, billions. */
  float: number;
  /** Unadjusted price on the calibration day (2026-07-15). */
  price: number;
  /** Usual daily turnover rate, percent of float shares. */
  turnover: number;
  sector: string;
  /** Operating income of a year, billion CNY. */
  revenue: number;
  netMargin: number;
  /** Attention on the hot lists relative to an ordinary stock. */
  fame: number;
}

// prettier-ignore
export const KNOWN_STOCKS: readonly KnownStock[] = [
  { code: '600519.SH', name: '贵州茅台', en: 'Kweichow Moutai', py: 'GZMT', list: '2001-08-27', float: 1.256, price: 1239.46, turnover: 0.19, sector: '白酒', revenue: 175, netMargin: 0.49, fame: 40 },
  { code: '000001.SZ', name: '平安银行', en: 'Ping An Bank', py: 'PAYH', list: '1991-04-03', float: 19.4, price: 10.82, turnover: 0.18, sector: '银行', revenue: 140, netMargin: 0.32, fame: 12 },
  { code: '300033.SZ', name: '同花顺', en: 'Hithink RoyalFlush Information Network', py: 'THS', list: '2009-12-25', float: 0.537, price: 222.89, turnover: 1.6, sector: '软件开发', revenue: 6.03, netMargin: 0.53, fame: 45 },
  { code: '601318.SH', name: '中国平安', en: 'Ping An Insurance', py: 'ZGPA', list: '2007-03-01', float: 10.76, price: 55.2, turnover: 0.3, sector: '保险', revenue: 1030, netMargin: 0.12, fame: 15 },
  { code: '600036.SH', name: '招商银行', en: 'China Merchants Bank', py: 'ZSYH', list: '2002-04-09', float: 20.63, price: 42.1, turnover: 0.15, sector: '银行', revenue: 337, netMargin: 0.44, fame: 10 },
  { code: '000858.SZ', name: '五粮液', en: 'Wuliangye Yibin', py: 'WLY', list: '1998-04-27', float: 3.88, price: 128.5, turnover: 0.4, sector: '白酒', revenue: 88, netMargin: 0.36, fame: 14 },
  { code: '300750.SZ', name: '宁德时代', en: 'Contemporary Amperex Technology', py: 'NDSD', list: '2018-06-11', float: 3.9, price: 262.3, turnover: 0.5, sector: '电池', revenue: 390, netMargin: 0.14, fame: 35 },
  { code: '002594.SZ', name: '比亚迪', en: 'BYD', py: 'BYD', list: '2011-06-30', float: 2.5, price: 105.6, turnover: 0.8, sector: '汽车整车', revenue: 800, netMargin: 0.05, fame: 35 },
  { code: '688981.SH', name: '中芯国际', en: 'Semiconductor Manufacturing International', py: 'ZXGJ', list: '2020-07-16', float: 1.99, price: 89.7, turnover: 1.5, sector: '半导体', revenue: 62, netMargin: 0.08, fame: 30 },
  { code: '601012.SH', name: '隆基绿能', en: 'LONGi Green Energy Technology', py: 'LJLN', list: '2012-04-11', float: 7.58, price: 18.4, turnover: 1.5, sector: '光伏设备', revenue: 80, netMargin: -0.05, fame: 20 },
  { code: '600900.SH', name: '长江电力', en: 'China Yangtze Power', py: 'CJDL', list: '2003-11-18', float: 24.47, price: 29.3, turnover: 0.15, sector: '电力', revenue: 85, netMargin: 0.38, fame: 8 },
  { code: '601398.SH', name: '工商银行', en: 'Industrial and Commercial Bank of China', py: 'GSYH', list: '2006-10-27', float: 269.6, price: 7.2, turnover: 0.1, sector: '银行', revenue: 820, netMargin: 0.45, fame: 8 },
  { code: '601288.SH', name: '农业银行', en: 'Agricultural Bank of China', py: 'NYYH', list: '2010-07-15', float: 319.2, price: 6.1, turnover: 0.1, sector: '银行', revenue: 700, netMargin: 0.39, fame: 6 },
  { code: '601939.SH', name: '建设银行', en: 'China Construction Bank', py: 'JSYH', list: '2007-09-25', float: 9.6, price: 9.0, turnover: 0.15, sector: '银行', revenue: 750, netMargin: 0.45, fame: 5 },
  { code: '601988.SH', name: '中国银行', en: 'Bank of China', py: 'ZGYH', list: '2006-07-05', float: 210.8, price: 5.6, turnover: 0.1, sector: '银行', revenue: 630, netMargin: 0.38, fame: 5 },
  { code: '601857.SH', name: '中国石油', en: 'PetroChina', py: 'ZGSY', list: '2007-11-05', float: 161.9, price: 8.6, turnover: 0.15, sector: '石油石化', revenue: 2900, netMargin: 0.055, fame: 6 },
  { code: '600028.SH', name: '中国石化', en: 'China Petroleum & Chemical', py: 'ZGSH', list: '2001-08-08', float: 95.5, price: 6.0, turnover: 0.2, sector: '石油石化', revenue: 3000, netMargin: 0.015, fame: 5 },
  { code: '600030.SH', name: '中信证券', en: 'CITIC Securities', py: 'ZXZQ', list: '2003-01-06', float: 12.2, price: 28.1, turnover: 0.8, sector: '证券', revenue: 63, netMargin: 0.35, fame: 12 },
  { code: '601688.SH', name: '华泰证券', en: 'Huatai Securities', py: 'HTZQ', list: '2010-02-26', float: 7.3, price: 18.2, turnover: 0.9, sector: '证券', revenue: 40, netMargin: 0.38, fame: 5 },
  { code: '601211.SH', name: '国泰海通', en: 'Guotai Haitong Securities', py: 'GTHT', list: '2015-06-26', float: 14, price: 19.1, turnover: 0.6, sector: '证券', revenue: 60, netMargin: 0.3, fame: 5 },
  { code: '600276.SH', name: '恒瑞医药', en: 'Jiangsu Hengrui Pharmaceuticals', py: 'HRYY', list: '2000-10-18', float: 6.38, price: 55.4, turnover: 0.6, sector: '化学制药', revenue: 28, netMargin: 0.22, fame: 10 },
  { code: '600887.SH', name: '伊利股份', en: 'Inner Mongolia Yili Industrial Group', py: 'YLGF', list: '1996-03-12', float: 6.3, price: 28.3, turnover: 0.4, sector: '食品加工', revenue: 117, netMargin: 0.07, fame: 5 },
  { code: '000333.SZ', name: '美的集团', en: 'Midea Group', py: 'MDJT', list: '2013-09-18', float: 6.8, price: 75.2, turnover: 0.35, sector: '白色家电', revenue: 420, netMargin: 0.09, fame: 8 },
  { code: '000651.SZ', name: '格力电器', en: 'Gree Electric Appliances', py: 'GLDQ', list: '1996-11-18', float: 5.5, price: 45.1, turnover: 0.4, sector: '白色家电', revenue: 190, netMargin: 0.16, fame: 8 },
  { code: '002415.SZ', name: '海康威视', en: 'Hangzhou Hikvision Digital Technology', py: 'HKWS', list: '2010-05-28', float: 9.2, price: 30.2, turnover: 0.35, sector: '计算机设备', revenue: 93, netMargin: 0.13, fame: 6 },
  { code: '002475.SZ', name: '立讯精密', en: 'Luxshare Precision Industry', py: 'LXJM', list: '2010-09-15', float: 7.2, price: 40.5, turnover: 0.9, sector: '消费电子', revenue: 270, netMargin: 0.05, fame: 10 },
  { code: '600309.SH', name: '万华化学', en: 'Wanhua Chemical Group', py: 'WHHX', list: '2001-01-05', float: 3.14, price: 65.3, turnover: 0.5, sector: '化学原料', revenue: 180, netMargin: 0.07, fame: 5 },
  { code: '601899.SH', name: '紫金矿业', en: 'Zijin Mining Group', py: 'ZJKY', list: '2008-04-25', float: 20.5, price: 20.4, turnover: 0.6, sector: '工业金属', revenue: 320, netMargin: 0.1, fame: 12 },
  { code: '600809.SH', name: '山西汾酒', en: 'Shanxi Xinghuacun Fen Wine Factory', py: 'SXFJ', list: '1994-01-06', float: 1.22, price: 198.6, turnover: 0.6, sector: '白酒', revenue: 36, netMargin: 0.34, fame: 6 },
  { code: '000568.SZ', name: '泸州老窖', en: 'Luzhou Laojiao', py: 'LZLJ', list: '1994-05-09', float: 1.47, price: 131.2, turnover: 0.6, sector: '白酒', revenue: 31, netMargin: 0.43, fame: 6 },
  { code: '601166.SH', name: '兴业银行', en: 'Industrial Bank', py: 'XYYH', list: '2007-02-05', float: 20.8, price: 22.3, turnover: 0.2, sector: '银行', revenue: 210, netMargin: 0.37, fame: 4 },
  { code: '600000.SH', name: '浦发银行', en: 'Shanghai Pudong Development Bank', py: 'PFYH', list: '1999-11-10', float: 29.35, price: 12.1, turnover: 0.2, sector: '银行', revenue: 170, netMargin: 0.25, fame: 4 },
  { code: '601328.SH', name: '交通银行', en: 'Bank of Communications', py: 'JTYH', list: '2007-05-15', float: 39.25, price: 7.5, turnover: 0.1, sector: '银行', revenue: 260, netMargin: 0.35, fame: 3 },
  { code: '601998.SH', name: '中信银行', en: 'China CITIC Bank', py: 'ZXYH', list: '2007-04-27', float: 34, price: 7.2, turnover: 0.1, sector: '银行', revenue: 210, netMargin: 0.33, fame: 3 },
  { code: '600016.SH', name: '民生银行', en: 'China Minsheng Banking', py: 'MSYH', list: '2000-12-19', float: 35.5, price: 4.1, turnover: 0.2, sector: '银行', revenue: 135, netMargin: 0.25, fame: 3 },
  { code: '601818.SH', name: '光大银行', en: 'China Everbright Bank', py: 'GDYH', list: '2010-08-18', float: 40.9, price: 3.7, turnover: 0.2, sector: '银行', revenue: 135, netMargin: 0.3, fame: 3 },
  { code: '600015.SH', name: '华夏银行', en: 'Hua Xia Bank', py: 'HXYH', list: '2003-09-12', float: 12.8, price: 7.5, turnover: 0.2, sector: '银行', revenue: 95, netMargin: 0.28, fame: 2 },
  { code: '601169.SH', name: '北京银行', en: 'Bank of Beijing', py: 'BJYH', list: '2007-09-19', float: 21.1, price: 5.8, turnover: 0.2, sector: '银行', revenue: 70, netMargin: 0.37, fame: 2 },
  { code: '002142.SZ', name: '宁波银行', en: 'Bank of Ningbo', py: 'NBYH', list: '2007-07-19', float: 6.6, price: 26.2, turnover: 0.4, sector: '银行', revenue: 67, netMargin: 0.4, fame: 3 },
  { code: '601009.SH', name: '南京银行', en: 'Bank of Nanjing', py: 'NJYH', list: '2007-07-19', float: 10.3, price: 11.2, turnover: 0.3, sector: '银行', revenue: 50, netMargin: 0.4, fame: 2 },
  { code: '600919.SH', name: '江苏银行', en: 'Bank of Jiangsu', py: 'JSYH', list: '2016-08-02', float: 18.3, price: 10.1, turnover: 0.35, sector: '银行', revenue: 82, netMargin: 0.4, fame: 2 },
  { code: '601229.SH', name: '上海银行', en: 'Bank of Shanghai', py: 'SHYH', list: '2016-11-16', float: 14.2, price: 9.4, turnover: 0.2, sector: '银行', revenue: 53, netMargin: 0.45, fame: 2 },
  { code: '600926.SH', name: '杭州银行', en: 'Bank of Hangzhou', py: 'HZYH', list: '2016-10-27', float: 5.9, price: 16.3, turnover: 0.4, sector: '银行', revenue: 38, netMargin: 0.45, fame: 2 },
  { code: '601838.SH', name: '成都银行', en: 'Bank of Chengdu', py: 'CDYH', list: '2018-01-31', float: 3.9, price: 18.1, turnover: 0.4, sector: '银行', revenue: 23, netMargin: 0.5, fame: 2 },
  { code: '601658.SH', name: '邮储银行', en: 'Postal Savings Bank of China', py: 'YCYH', list: '2019-12-10', float: 67, price: 5.3, turnover: 0.15, sector: '银行', revenue: 350, netMargin: 0.25, fame: 3 },
  { code: '601088.SH', name: '中国神华', en: 'China Shenhua Energy', py: 'ZGSH', list: '2007-10-09', float: 16.5, price: 40.2, turnover: 0.25, sector: '煤炭开采', revenue: 330, netMargin: 0.18, fame: 5 },
  { code: '600050.SH', name: '中国联通', en: 'China United Network Communications', py: 'ZGLT', list: '2002-10-09', float: 31, price: 5.5, turnover: 0.5, sector: '通信服务', revenue: 390, netMargin: 0.05, fame: 5 },
  { code: '600941.SH', name: '中国移动', en: 'China Mobile', py: 'ZGYD', list: '2022-01-05', float: 0.96, price: 105.3, turnover: 0.3, sector: '通信服务', revenue: 1040, netMargin: 0.13, fame: 8 },
  { code: '601728.SH', name: '中国电信', en: 'China Telecom', py: 'ZGDX', list: '2021-08-20', float: 13.9, price: 7.1, turnover: 0.4, sector: '通信服务', revenue: 520, netMargin: 0.065, fame: 4 },
  { code: '300059.SZ', name: '东方财富', en: 'East Money Information', py: 'DFCF', list: '2010-03-19', float: 13.5, price: 25.3, turnover: 1.6, sector: '证券', revenue: 13, netMargin: 0.75, fame: 25 },
  { code: '300760.SZ', name: '迈瑞医疗', en: 'Shenzhen Mindray Bio-Medical Electronics', py: 'MRYL', list: '2018-10-16', float: 1.21, price: 231.5, turnover: 0.5, sector: '医疗器械', revenue: 36, netMargin: 0.33, fame: 6 },
  { code: '002714.SZ', name: '牧原股份', en: 'Muyuan Foods', py: 'MYGF', list: '2014-01-28', float: 3.9, price: 40.3, turnover: 0.8, sector: '养殖业', revenue: 135, netMargin: 0.12, fame: 6 },
  { code: '000725.SZ', name: '京东方A', en: 'BOE Technology Group', py: 'JDFA', list: '2001-01-12', float: 37, price: 4.3, turnover: 0.9, sector: '光学光电子', revenue: 200, netMargin: 0.03, fame: 12 },
  { code: '002230.SZ', name: '科大讯飞', en: 'iFlytek', py: 'KDXF', list: '2008-05-12', float: 2.1, price: 50.2, turnover: 2.5, sector: '软件开发', revenue: 23, netMargin: 0.02, fame: 22 },
  { code: '688111.SH', name: '金山办公', en: 'Beijing Kingsoft Office Software', py: 'JSBG', list: '2019-11-18', float: 0.46, price: 301.2, turnover: 1.2, sector: '软件开发', revenue: 5.5, netMargin: 0.29, fame: 8 },
  { code: '688041.SH', name: '海光信息', en: 'Hygon Information Technology', py: 'HGXX', list: '2022-08-12', float: 2.3, price: 150.4, turnover: 1.5, sector: '半导体', revenue: 12, netMargin: 0.25, fame: 15 },
  { code: '688256.SH', name: '寒武纪', en: 'Cambricon Technologies', py: 'HWJ', list: '2020-07-20', float: 0.42, price: 602.5, turnover: 3, sector: '半导体', revenue: 3, netMargin: 0.2, fame: 30 },
  { code: '603259.SH', name: '药明康德', en: 'WuXi AppTec', py: 'YMKD', list: '2018-05-08', float: 2.7, price: 70.4, turnover: 1, sector: '医疗服务', revenue: 40, netMargin: 0.24, fame: 8 },
  { code: '601888.SH', name: '中国中免', en: 'China Tourism Group Duty Free', py: 'ZGZM', list: '2009-10-15', float: 1.95, price: 70.2, turnover: 0.8, sector: '旅游零售', revenue: 56, netMargin: 0.07, fame: 6 },
  { code: '600104.SH', name: '上汽集团', en: 'SAIC Motor', py: 'SQJT', list: '1997-11-25', float: 11.5, price: 16.2, turnover: 0.3, sector: '汽车整车', revenue: 620, netMargin: 0.02, fame: 4 },
  { code: '601628.SH', name: '中国人寿', en: 'China Life Insurance', py: 'ZGRS', list: '2007-01-09', float: 20.8, price: 40.1, turnover: 0.2, sector: '保险', revenue: 500, netMargin: 0.2, fame: 5 },
  { code: '601601.SH', name: '中国太保', en: 'China Pacific Insurance', py: 'ZGTB', list: '2007-12-25', float: 6.85, price: 35.2, turnover: 0.4, sector: '保险', revenue: 400, netMargin: 0.1, fame: 3 },
  { code: '000002.SZ', name: '万科A', en: 'China Vanke', py: 'WKA', list: '1991-01-29', float: 9.7, price: 7.1, turnover: 1.2, sector: '房地产开发', revenue: 280, netMargin: -0.15, fame: 10 },
  { code: '600438.SH', name: '通威股份', en: 'Tongwei', py: 'TWGF', list: '2004-03-02', float: 4.5, price: 20.3, turnover: 1.8, sector: '光伏设备', revenue: 90, netMargin: -0.05, fame: 6 },
  { code: '603288.SH', name: '海天味业', en: 'Foshan Haitian Flavouring and Food', py: 'HTWY', list: '2014-02-11', float: 5.56, price: 40.2, turnover: 0.4, sector: '调味发酵品', revenue: 28, netMargin: 0.23, fame: 4 },
  { code: '300124.SZ', name: '汇川技术', en: 'Shenzhen Inovance Technology', py: 'HCJS', list: '2010-09-28', float: 2.3, price: 65.4, turnover: 0.8, sector: '自动化设备', revenue: 40, netMargin: 0.13, fame: 5 },
  { code: '002371.SZ', name: '北方华创', en: 'NAURA Technology Group', py: 'BFHC', list: '2010-03-16', float: 0.53, price: 420.3, turnover: 1.2, sector: '半导体', revenue: 34, netMargin: 0.2, fame: 10 },
  { code: '300274.SZ', name: '阳光电源', en: 'Sungrow Power Supply', py: 'YGDY', list: '2011-11-02', float: 1.7, price: 80.6, turnover: 2, sector: '光伏设备', revenue: 80, netMargin: 0.13, fame: 10 },
  { code: '600760.SH', name: '中航沈飞', en: 'AVIC Shenyang Aircraft', py: 'ZHSF', list: '1996-10-11', float: 2.8, price: 55.3, turnover: 1, sector: '军工', revenue: 45, netMargin: 0.08, fame: 6 },
  { code: '002352.SZ', name: '顺丰控股', en: 'S.F. Holding', py: 'SFKG', list: '2010-02-05', float: 4.8, price: 40.2, turnover: 0.4, sector: '物流', revenue: 290, netMargin: 0.035, fame: 4 },
];

/**
 * Known companies whose every share is a tradable A-share (no H shares, no locked-up holdings), so their
 * total shares equal their float shares: a reader can reproduce their EPS from the float shares the stock
 * page shows (float market cap ÷ price).
 */
export const FULLY_FLOATING: ReadonlySet<string> = new Set([
  '600519.SH',
  '000858.SZ',
  '000001.SZ',
  '600900.SH',
  '600809.SH',
  '000568.SZ',
  '600309.SH',
  '601166.SH',
  '600000.SH',
]);

/** Characters of generated names with their pinyin. */
// prettier-ignore
export const FIRST_CHARS: readonly (readonly [string, string])[] = [
  ['华', 'hua'], ['中', 'zhong'], ['东', 'dong'], ['金', 'jin'], ['新', 'xin'], ['天', 'tian'], ['海', 'hai'],
  ['长', 'chang'], ['恒', 'heng'], ['宏', 'hong'], ['国', 'guo'], ['泰', 'tai'], ['鑫', 'xin'], ['瑞', 'rui'],
  ['永', 'yong'], ['万', 'wan'], ['深', 'shen'], ['晨', 'chen'], ['凯', 'kai'], ['博', 'bo'], ['嘉', 'jia'],
  ['兴', 'xing'], ['汇', 'hui'], ['明', 'ming'], ['光', 'guang'], ['盛', 'sheng'], ['信', 'xin'], ['安', 'an'],
  ['正', 'zheng'], ['亚', 'ya'], ['普', 'pu'], ['联', 'lian'], ['广', 'guang'], ['南', 'nan'], ['北', 'bei'],
  ['西', 'xi'], ['江', 'jiang'], ['川', 'chuan'], ['湘', 'xiang'], ['苏', 'su'], ['浙', 'zhe'], ['闽', 'min'],
  ['粤', 'yue'], ['鲁', 'lu'], ['冀', 'ji'], ['豫', 'yu'], ['皖', 'wan'], ['赣', 'gan'], ['振', 'zhen'],
  ['德', 'de'], ['富', 'fu'], ['康', 'kang'], ['荣', 'rong'], ['宝', 'bao'], ['远', 'yuan'], ['奥', 'ao'],
];
// prettier-ignore
export const SECOND_CHARS: readonly (readonly [string, string])[] = [
  ['宇', 'yu'], ['达', 'da'], ['通', 'tong'], ['源', 'yuan'], ['丰', 'feng'], ['利', 'li'], ['创', 'chuang'],
  ['维', 'wei'], ['能', 'neng'], ['阳', 'yang'], ['峰', 'feng'], ['力', 'li'], ['祥', 'xiang'], ['诚', 'cheng'],
  ['星', 'xing'], ['龙', 'long'], ['洲', 'zhou'], ['邦', 'bang'], ['鼎', 'ding'], ['合', 'he'], ['润', 'run'],
  ['辰', 'chen'], ['科', 'ke'], ['微', 'wei'], ['芯', 'xin'], ['讯', 'xun'], ['电', 'dian'], ['威', 'wei'],
  ['腾', 'teng'], ['翔', 'xiang'], ['聚', 'ju'], ['拓', 'tuo'], ['扬', 'yang'], ['铭', 'ming'], ['顺', 'shun'],
  ['隆', 'long'], ['菱', 'ling'], ['晶', 'jing'], ['博', 'bo'], ['航', 'hang'],
];

export interface NameSuffix {
  text: string;
  py: string;
  en: string;
  sector: string;
}

// prettier-ignore
const SUFFIX_ROWS: readonly (readonly [string, string, string, string])[] = [
  ['科技', 'KJ', 'Technology', '计算机设备'], ['电子', 'DZ', 'Electronics', '元件'], ['股份', 'GF', 'Co', '综合'],
  ['药业', 'YY', 'Pharmaceutical', '化学制药'], ['生物', 'SW', 'Biotech', '生物制品'], ['医疗', 'YL', 'Medical', '医疗器械'],
  ['材料', 'CL', 'Materials', '化学制品'], ['化工', 'HG', 'Chemical', '化学原料'], ['新材', 'XC', 'New Materials', '化学制品'],
  ['能源', 'NY', 'Energy', '电力设备'], ['电气', 'DQ', 'Electric', '电网设备'], ['电力', 'DL', 'Power', '电力'],
  ['机械', 'JX', 'Machinery', '通用设备'], ['精工', 'JG', 'Precision', '专用设备'], ['智能', 'ZN', 'Intelligent', '自动化设备'],
  ['汽配', 'QP', 'Auto Parts', '汽车零部件'], ['食品', 'SP', 'Foods', '食品加工'], ['农业', 'NY', 'Agriculture', '种植业'],
  ['环保', 'HB', 'Environmental', '环境治理'], ['建设', 'JS', 'Construction', '基础建设'], ['地产', 'DC', 'Real Estate', '房地产开发'],
  ['物流', 'WL', 'Logistics', '物流'], ['传媒', 'CM', 'Media', '影视院线'], ['文化', 'WH', 'Culture', '文化传媒'],
  ['通信', 'TX', 'Communications', '通信设备'], ['信息', 'XX', 'Information', 'IT服务'], ['软件', 'RJ', 'Software', '软件开发'],
  ['光电', 'GD', 'Optoelectronics', '光学光电子'], ['微电', 'WD', 'Microelectronics', '半导体'], ['矿业', 'KY', 'Mining', '工业金属'],
  ['钢铁', 'GT', 'Steel', '普钢'], ['重工', 'ZG', 'Heavy Industry', '工程机械'], ['纺织', 'FZ', 'Textile', '纺织制造'],
  ['家居', 'JJ', 'Home Furnishing', '家居用品'], ['电器', 'DQ', 'Appliances', '小家电'], ['控股', 'KG', 'Holdings', '综合'],
  ['实业', 'SY', 'Industrial', '综合'], ['集团', 'JT', 'Group', '综合'], ['装备', 'ZB', 'Equipment', '专用设备'],
  ['半导', 'BD', 'Semiconductor', '半导体'], ['数据', 'SJ', 'Data', 'IT服务'], ['新能', 'XN', 'New Energy', '光伏设备'],
];
export const NAME_SUFFIXES: readonly NameSuffix[] = SUFFIX_ROWS.map(([text, py, en, sector]) => ({
  text,
  py,
  en,
  sector,
}));

/** Suffixes that fit the STAR Market and ChiNext (technology and health care). */
export const TECH_SUFFIXES: readonly string[] = [
  '科技',
  '电子',
  '生物',
  '医疗',
  '新材',
  '智能',
  '通信',
  '信息',
  '软件',
  '光电',
  '微电',
  '半导',
  '数据',
  '装备',
  '新能',
];

/** Concept themes used for concept lists and news. */
// prettier-ignore
export const CONCEPTS: readonly string[] = [
  '人工智能', '机器人概念', '算力', 'CPO', '光通信', '半导体', '固态电池', '低空经济', '华为概念', '国企改革',
  '消费电子', '新能源汽车', '光伏', '储能', '创新药', '医疗器械', '数据要素', '军工', '白酒', '高股息',
  '一带一路', '大金融', '稀土永磁', '商业航天', '脑机接口', '中报预增', '并购重组', '跨境支付', '智能驾驶', '液冷服务器',
];
