import {
  dateOf,
  dayOf,
  isTradingDay,
  tradingDayAt,
  tradingIndexOnOrBefore,
  weekday,
  yearOf,
} from './calendar';
import { Rng } from './random';
import { allStocks, type Stock } from './universe';
import { thsIndexInstruments } from './ths-indices';
import { ETF_OPTION_MARKS, ETF_OPTION_SHORT_NAMES } from '../../../src/contract/operations/options';

/**
 * Every instrument of the code table, across asset types: A-shares (from the universe), indices, funds
 * (ETF, LOF, off-exchange, REITs), futures and futures indices, options and forex. Futures and option
 * contracts depend on the day (contracts list and expire); everything else is fixed.
 */

export type AssetType =
  | 'a-share'
  | 'a-share-index'
  | 'fund-otc'
  | 'fund-etf'
  | 'fund-lof'
  | 'fund-reits'
  | 'forex'
  | 'futures'
  | 'futures-commodity-index'
  | 'options';

export interface Instrument {
  readonly thscode: string;
  readonly ticker: string;
  readonly name: string;
  readonly nameEn: string;
  /** Upper-case pinyin initials (may be empty). */
  readonly initials: string;
  /** SH/SZ/BJ for securities, SHFE/DCE/CZCE/CFFEX/INE/GFEX for futures, null off-exchange. */
  readonly exchange: string | null;
  readonly assetType: AssetType;
  readonly currency: string;
  readonly listDate: string | null;
  readonly endDate: string | null;
  readonly lastTradeDate: string | null;
  readonly lastDeliveryDate: string | null;
  /** The A-share behind the record, if it is one. */
  readonly stock?: Stock;
}

function inst(
  thscode: string,
  name: string,
  nameEn: string,
  initials: string,
  exchange: string | null,
  assetType: AssetType,
  listDate: string | null,
  extra: Partial<Instrument> = {},
): Instrument {
  return {
    thscode,
    ticker: thscode.split('.')[0] ?? thscode,
    name,
    nameEn,
    initials,
    exchange,
    assetType,
    currency: 'CNY',
    listDate,
    endDate: null,
    lastTradeDate: null,
    lastDeliveryDate: null,
    ...extra,
  };
}

// prettier-ignore
const INDICES: readonly Instrument[] = [
  inst('000001.SH', '上证指数', 'SSE Composite Index', 'SZZS', 'SH', 'a-share-index', '1991-07-15'),
  inst('000016.SH', '上证50', 'SSE 50 Index', 'SZ50', 'SH', 'a-share-index', '2004-01-02'),
  inst('000300.SH', '沪深300', 'CSI 300 Index', 'HS300', 'SH', 'a-share-index', '2005-04-08'),
  inst('000905.SH', '中证500', 'CSI 500 Index', 'ZZ500', 'SH', 'a-share-index', '2007-01-15'),
  inst('000852.SH', '中证1000', 'CSI 1000 Index', 'ZZ1000', 'SH', 'a-share-index', '2014-10-17'),
  inst('000688.SH', '科创50', 'STAR 50 Index', 'KC50', 'SH', 'a-share-index', '2020-07-23'),
  inst('399001.SZ', '深证成指', 'SZSE Component Index', 'SZCZ', 'SZ', 'a-share-index', '1995-01-23'),
  inst('399006.SZ', '创业板指', 'ChiNext Index', 'CYBZ', 'SZ', 'a-share-index', '2010-06-01'),
  inst('399005.SZ', '中小100', 'SZSE SME 100 Index', 'ZX100', 'SZ', 'a-share-index', '2006-01-24'),
  inst('399300.SZ', '沪深300', 'CSI 300 Index (SZSE)', 'HS300', 'SZ', 'a-share-index', '2005-04-08'),
  inst('899050.BJ', '北证50', 'BSE 50 Index', 'BZ50', 'BJ', 'a-share-index', '2022-11-21'),
  inst('881155.TI', '银行', 'THS Banks', 'YH', null, 'a-share-index', '2013-07-29'),
  inst('881129.TI', '半导体及元件', 'THS Semiconductors and Components', 'BDTJYJ', null, 'a-share-index', '2013-07-29'),
  inst('881121.TI', '白酒', 'THS Liquor', 'BJ', null, 'a-share-index', '2013-07-29'),
  inst('885517.TI', '机器人概念', 'THS Robotics Concept', 'JQRGN', null, 'a-share-index', '2015-02-16'),
  inst('885431.TI', '新能源汽车', 'THS New Energy Vehicles', 'XNYQC', null, 'a-share-index', '2014-01-02'),
  inst('885728.TI', '人工智能', 'THS Artificial Intelligence', 'RGZN', null, 'a-share-index', '2016-12-26'),
  inst('885756.TI', '芯片概念', 'THS Chip Concept', 'XPGN', null, 'a-share-index', '2018-04-23'),
  inst('885806.TI', '华为概念', 'THS Huawei Concept', 'HWGN', null, 'a-share-index', '2019-05-20'),
  inst('886042.TI', '算力租赁', 'THS Computing Power Leasing', 'SLZL', null, 'a-share-index', '2023-07-10'),
];

// prettier-ignore
const EXCHANGE_FUNDS: readonly Instrument[] = [
  inst('510300.SH', '沪深300ETF华泰柏瑞', 'Huatai-PineBridge CSI 300 ETF', 'HS300ETF', 'SH', 'fund-etf', '2012-05-28'),
  inst('510500.SH', '中证500ETF南方', 'China Southern CSI 500 ETF', 'ZZ500ETF', 'SH', 'fund-etf', '2013-03-15'),
  inst('510050.SH', '上证50ETF华夏', 'ChinaAMC SSE 50 ETF', 'SZ50ETF', 'SH', 'fund-etf', '2005-02-23'),
  inst('588000.SH', '科创50ETF华夏', 'ChinaAMC STAR 50 ETF', 'KC50ETF', 'SH', 'fund-etf', '2020-11-16'),
  inst('510180.SH', '上证180ETF华安', 'Huaan SSE 180 ETF', 'SZ180ETF', 'SH', 'fund-etf', '2006-05-18'),
  inst('512880.SH', '证券ETF国泰', 'Guotai Securities Company ETF', 'ZQETF', 'SH', 'fund-etf', '2016-08-08'),
  inst('512480.SH', '半导体ETF国联安', 'GTJA Allianz Semiconductor ETF', 'BDTETF', 'SH', 'fund-etf', '2019-06-12'),
  inst('515790.SH', '光伏ETF华泰柏瑞', 'Huatai-PineBridge Photovoltaic ETF', 'GFETF', 'SH', 'fund-etf', '2020-12-18'),
  inst('512690.SH', '酒ETF鹏华', 'Penghua Liquor ETF', 'JETF', 'SH', 'fund-etf', '2019-05-06'),
  inst('518880.SH', '黄金ETF华安', 'Huaan Gold ETF', 'HJETF', 'SH', 'fund-etf', '2013-07-29'),
  inst('513100.SH', '纳指ETF国泰', 'Guotai Nasdaq-100 ETF', 'NZETF', 'SH', 'fund-etf', '2013-05-15'),
  inst('513050.SH', '中概互联网ETF易方达', 'E Fund China Internet ETF', 'ZGHLWETF', 'SH', 'fund-etf', '2017-01-18'),
  inst('510880.SH', '红利ETF华泰柏瑞', 'Huatai-PineBridge Dividend ETF', 'HLETF', 'SH', 'fund-etf', '2007-01-18'),
  inst('159915.SZ', '创业板ETF易方达', 'E Fund ChiNext ETF', 'CYBETF', 'SZ', 'fund-etf', '2011-12-09'),
  inst('159919.SZ', '沪深300ETF嘉实', 'Harvest CSI 300 ETF', 'HS300ETF', 'SZ', 'fund-etf', '2012-05-28'),
  inst('159995.SZ', '芯片ETF华夏', 'ChinaAMC Chip ETF', 'XPETF', 'SZ', 'fund-etf', '2020-02-10'),
  inst('159949.SZ', '创业板50ETF华安', 'Huaan ChiNext 50 ETF', 'CYB50ETF', 'SZ', 'fund-etf', '2016-07-22'),
  inst('159920.SZ', '恒生ETF华夏', 'ChinaAMC Hang Seng ETF', 'HSETF', 'SZ', 'fund-etf', '2012-10-22'),
  inst('159869.SZ', '游戏ETF华夏', 'ChinaAMC Gaming ETF', 'YXETF', 'SZ', 'fund-etf', '2021-03-05'),
  inst('161725.SZ', '招商中证白酒指数(LOF)A', 'China Merchants CSI Liquor Index LOF', 'ZSZZBJZS', 'SZ', 'fund-lof', '2015-05-27'),
  inst('163406.SZ', '兴全合润混合(LOF)A', 'Aegon-Industrial Herun Hybrid LOF', 'XQHRHH', 'SZ', 'fund-lof', '2010-04-22'),
  inst('161005.SZ', '富国天惠成长混合(LOF)A', 'Fullgoal Tianhui Growth Hybrid LOF', 'FGTHCZ', 'SZ', 'fund-lof', '2005-11-16'),
  inst('160632.SZ', '鹏华中证酒ETF联接(LOF)', 'Penghua CSI Liquor LOF', 'PHZZJ', 'SZ', 'fund-lof', '2015-04-29'),
  inst('501018.SH', '南方原油(LOF)A', 'China Southern Crude Oil LOF', 'NFYY', 'SH', 'fund-lof', '2016-06-15'),
  inst('501050.SH', '华夏上证50AH优选指数(LOF)A', 'ChinaAMC SSE 50 AH LOF', 'HXSZ50AH', 'SH', 'fund-lof', '2016-11-22'),
  inst('508000.SH', '华安张江产业园REIT', 'Huaan Zhangjiang Industrial Park REIT', 'HAZJCYY', 'SH', 'fund-reits', '2021-06-21'),
  inst('508001.SH', '浙商沪杭甬REIT', 'Zheshang Hu-Hang-Yong Expressway REIT', 'ZSHHY', 'SH', 'fund-reits', '2021-06-21'),
  inst('508027.SH', '东吴苏州工业园区产业园REIT', 'Soochow Suzhou Industrial Park REIT', 'DWSZGY', 'SH', 'fund-reits', '2021-06-21'),
  inst('508056.SH', '中金普洛斯REIT', 'CICC GLP Warehouse Logistics REIT', 'ZJPLS', 'SH', 'fund-reits', '2021-06-21'),
  inst('180101.SZ', '博时招商蛇口产业园REIT', 'Bosera CMSK Industrial Park REIT', 'BSZSSK', 'SZ', 'fund-reits', '2021-06-21'),
  inst('180201.SZ', '平安广州交投广河高速公路REIT', 'Ping An Guangzhou Guanghe Expressway REIT', 'PAGZGH', 'SZ', 'fund-reits', '2021-06-21'),
  inst('180301.SZ', '红土创新盐田港REIT', 'Hongtu Yantian Port REIT', 'HTYTG', 'SZ', 'fund-reits', '2021-06-21'),
];

// prettier-ignore
const FUND_COMPANIES: readonly (readonly [string, string, string])[] = [
  ['易方达', 'E Fund', 'YFD'], ['华夏', 'ChinaAMC', 'HX'], ['广发', 'GF', 'GF'], ['南方', 'China Southern', 'NF'],
  ['嘉实', 'Harvest', 'JS'], ['博时', 'Bosera', 'BS'], ['富国', 'Fullgoal', 'FG'], ['汇添富', 'China Universal', 'HTF'],
  ['招商', 'China Merchants', 'ZS'], ['工银瑞信', 'ICBC Credit Suisse', 'GYRX'], ['鹏华', 'Penghua', 'PH'],
  ['中欧', 'Zhong Ou', 'ZO'], ['兴证全球', 'Aegon-Industrial', 'XZQQ'], ['景顺长城', 'Invesco Great Wall', 'JSCC'],
  ['交银施罗德', 'BOCOM Schroder', 'JYSLD'],
];
// prettier-ignore
const FUND_THEMES: readonly (readonly [string, string, string])[] = [
  ['蓝筹精选混合', 'Blue Chip Select Hybrid', 'LCJXHH'], ['消费行业股票', 'Consumer Industry Equity', 'XFHYGP'],
  ['医疗健康混合', 'Healthcare Hybrid', 'YLJKHH'], ['新兴成长混合', 'Emerging Growth Hybrid', 'XXCZHH'],
  ['价值精选混合', 'Value Select Hybrid', 'JZJXHH'], ['科技创新混合', 'Technology Innovation Hybrid', 'KJCXHH'],
  ['稳健收益债券', 'Stable Income Bond', 'WJSYZQ'], ['纯债债券', 'Pure Bond', 'CZZQ'],
  ['中证500指数增强', 'CSI 500 Enhanced Index', 'ZZ500ZSZQ'], ['沪深300ETF联接', 'CSI 300 ETF Feeder', 'HS300ETFLJ'],
  ['港股通精选混合', 'HK Connect Select Hybrid', 'GGTJXHH'], ['货币市场基金', 'Money Market Fund', 'HBSCJJ'],
];

function otcFunds(): Instrument[] {
  const out: Instrument[] = [];
  const used = new Set<string>();
  const rng = Rng.of('funds', 'otc');
  // A few fixed codes first (the spec's example 025480.OF among them), then generated ones.
  const codes = ['000001', '005827', '003095', '110022', '260108', '519066', '001938', '000961', '025480'];
  while (codes.length < 48) {
    const code = String(rng.int(1, 26999)).padStart(6, '0');
    if (!codes.includes(code)) codes.push(code);
  }
  for (const code of codes) {
    const r = Rng.of(code, 'otc-fund');
    for (;;) {
      const [company, companyEn, companyPy] = r.pick(FUND_COMPANIES);
      const [theme, themeEn, themePy] = r.pick(FUND_THEMES);
      const share = r.chance(0.6) ? 'A' : 'C';
      const name = `${company}${theme}${share}`;
      if (used.has(name)) continue;
      used.add(name);
      const list = dateOf(dayOf('2003-01-01') + r.int(0, 8000));
      out.push(
        inst(
          `${code}.OF`,
          name,
          `${companyEn} ${themeEn} ${share}`,
          `${companyPy}${themePy}${share}`,
          null,
          'fund-otc',
          list,
        ),
      );
      break;
    }
  }
  return out;
}

// Off-exchange QDII funds (overseas equities): the purchase-quota operations list them with the QDII ETFs.
// prettier-ignore
const QDII_FUNDS: readonly Instrument[] = [
  inst('270042.OF', '广发纳斯达克100ETF联接人民币(QDII)A', 'GF Nasdaq-100 ETF Feeder (QDII) A', 'GFNSDK100', null, 'fund-otc', '2012-08-15'),
  inst('040046.OF', '华安纳斯达克100ETF联接(QDII)A', 'Huaan Nasdaq-100 ETF Feeder (QDII) A', 'HANSDK100', null, 'fund-otc', '2013-08-02'),
  inst('050025.OF', '博时标普500ETF联接(QDII)A', 'Bosera S&P 500 ETF Feeder (QDII) A', 'BSBP500', null, 'fund-otc', '2012-06-14'),
  inst('096001.OF', '大成标普500等权重指数(QDII)A', 'Dacheng S&P 500 Equal Weight Index (QDII) A', 'DCBP500DQZ', null, 'fund-otc', '2011-03-23'),
  inst('270023.OF', '广发全球精选股票(QDII)A', 'GF Global Select Equity (QDII) A', 'GFQQJX', null, 'fund-otc', '2010-08-18'),
  inst('000988.OF', '嘉实全球互联网股票(QDII)A', 'Harvest Global Internet Equity (QDII) A', 'JSQQHLW', null, 'fund-otc', '2015-04-15'),
  inst('006327.OF', '易方达中证海外中国互联网50(QDII-ETF)联接A', 'E Fund CSI Overseas China Internet 50 ETF Feeder A', 'YFDZZHWZGHLW50', null, 'fund-otc', '2018-12-21'),
  inst('000071.OF', '华夏恒生ETF联接A', 'ChinaAMC Hang Seng ETF Feeder A', 'HXHSETFLJ', null, 'fund-otc', '2012-08-21'),
];

// prettier-ignore
const FOREX: readonly Instrument[] = [
  inst('USDCNY.FX', '美元兑人民币', 'US Dollar / Chinese Yuan', 'MYDRMB', null, 'forex', null),
  inst('USDCNH.FX', '美元兑离岸人民币', 'US Dollar / Offshore Yuan', 'MYDLARMB', null, 'forex', null, { currency: 'CNH' }),
  inst('EURCNY.FX', '欧元兑人民币', 'Euro / Chinese Yuan', 'OYDRMB', null, 'forex', null),
  inst('GBPCNY.FX', '英镑兑人民币', 'British Pound / Chinese Yuan', 'YBDRMB', null, 'forex', null),
  inst('JPYCNY.FX', '日元兑人民币', 'Japanese Yen / Chinese Yuan', 'RYDRMB', null, 'forex', null),
  inst('HKDCNY.FX', '港元兑人民币', 'Hong Kong Dollar / Chinese Yuan', 'GYDRMB', null, 'forex', null),
  inst('EURUSD.FX', '欧元兑美元', 'Euro / US Dollar', 'OYDMY', null, 'forex', null, { currency: 'USD' }),
  inst('GBPUSD.FX', '英镑兑美元', 'British Pound / US Dollar', 'YBDMY', null, 'forex', null, { currency: 'USD' }),
  inst('AUDUSD.FX', '澳元兑美元', 'Australian Dollar / US Dollar', 'AYDMY', null, 'forex', null, { currency: 'USD' }),
  inst('USDJPY.FX', '美元兑日元', 'US Dollar / Japanese Yen', 'MYDRY', null, 'forex', null, { currency: 'JPY' }),
];

// prettier-ignore
const FUTURES_INDICES: readonly Instrument[] = [
  inst('NHCI.NH', '南华商品指数', 'Nanhua Commodity Index', 'NHSPZS', null, 'futures-commodity-index', '2004-06-01'),
  inst('NHAI.NH', '南华农产品指数', 'Nanhua Agricultural Index', 'NHNCPZS', null, 'futures-commodity-index', '2004-06-01'),
  inst('NHMI.NH', '南华金属指数', 'Nanhua Metals Index', 'NHJSZS', null, 'futures-commodity-index', '2004-06-01'),
  inst('NHECI.NH', '南华能化指数', 'Nanhua Energy and Chemicals Index', 'NHNHZS', null, 'futures-commodity-index', '2004-06-01'),
];

export type FuturesExchange = 'SHFE' | 'INE' | 'DCE' | 'CZCE' | 'CFFEX' | 'GFEX';

export interface FuturesVariety {
  code: string;
  name: string;
  nameEn: string;
  initials: string;
  exchange: FuturesExchange;
  /** Contract months listed (1-12). */
  months: readonly number[];
}

export const FUTURES_SUFFIX: Record<FuturesExchange, string> = {
  SHFE: 'SHF',
  INE: 'INE',
  DCE: 'DCE',
  CZCE: 'CZC',
  CFFEX: 'CFX',
  GFEX: 'GFE',
};

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const ODD = [1, 3, 5, 7, 9, 11];
const QUARTER = [3, 6, 9, 12];

// prettier-ignore
export const FUTURES_VARIETIES: readonly FuturesVariety[] = [
  { code: 'CU', name: '沪铜', nameEn: 'Copper', initials: 'HT', exchange: 'SHFE', months: ALL },
  { code: 'AL', name: '沪铝', nameEn: 'Aluminium', initials: 'HL', exchange: 'SHFE', months: ALL },
  { code: 'ZN', name: '沪锌', nameEn: 'Zinc', initials: 'HX', exchange: 'SHFE', months: ALL },
  { code: 'NI', name: '沪镍', nameEn: 'Nickel', initials: 'HN', exchange: 'SHFE', months: ALL },
  { code: 'SN', name: '沪锡', nameEn: 'Tin', initials: 'HX', exchange: 'SHFE', months: ALL },
  { code: 'AU', name: '沪金', nameEn: 'Gold', initials: 'HJ', exchange: 'SHFE', months: ALL },
  { code: 'AG', name: '沪银', nameEn: 'Silver', initials: 'HY', exchange: 'SHFE', months: ALL },
  { code: 'RB', name: '螺纹钢', nameEn: 'Steel Rebar', initials: 'LWG', exchange: 'SHFE', months: ALL },
  { code: 'HC', name: '热轧卷板', nameEn: 'Hot-rolled Coil', initials: 'RZJB', exchange: 'SHFE', months: ALL },
  { code: 'RU', name: '橡胶', nameEn: 'Natural Rubber', initials: 'XJ', exchange: 'SHFE', months: [1, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
  { code: 'FU', name: '燃料油', nameEn: 'Fuel Oil', initials: 'RLY', exchange: 'SHFE', months: ALL },
  { code: 'BU', name: '沥青', nameEn: 'Bitumen', initials: 'LQ', exchange: 'SHFE', months: ALL },
  { code: 'SP', name: '纸浆', nameEn: 'Bleached Softwood Kraft Pulp', initials: 'ZJ', exchange: 'SHFE', months: ALL },
  { code: 'SS', name: '不锈钢', nameEn: 'Stainless Steel', initials: 'BXG', exchange: 'SHFE', months: ALL },
  { code: 'AO', name: '氧化铝', nameEn: 'Alumina', initials: 'YHL', exchange: 'SHFE', months: ALL },
  { code: 'SC', name: '原油', nameEn: 'Crude Oil', initials: 'YY', exchange: 'INE', months: ALL },
  { code: 'LU', name: '低硫燃料油', nameEn: 'Low Sulfur Fuel Oil', initials: 'DLRLY', exchange: 'INE', months: ALL },
  { code: 'NR', name: '20号胶', nameEn: 'TSR 20 Rubber', initials: '20HJ', exchange: 'INE', months: ALL },
  { code: 'BC', name: '国际铜', nameEn: 'Copper (BC)', initials: 'GJT', exchange: 'INE', months: ALL },
  { code: 'EC', name: '集运指数(欧线)', nameEn: 'SCFIS Europe Container Freight', initials: 'JYZS', exchange: 'INE', months: [2, 4, 6, 8, 10, 12] },
  { code: 'I', name: '铁矿石', nameEn: 'Iron Ore', initials: 'TKS', exchange: 'DCE', months: ALL },
  { code: 'M', name: '豆粕', nameEn: 'Soybean Meal', initials: 'DP', exchange: 'DCE', months: [1, 3, 5, 7, 8, 9, 11, 12] },
  { code: 'Y', name: '豆油', nameEn: 'Soybean Oil', initials: 'DY', exchange: 'DCE', months: [1, 3, 5, 7, 8, 9, 11, 12] },
  { code: 'P', name: '棕榈油', nameEn: 'Palm Olein', initials: 'ZLY', exchange: 'DCE', months: ALL },
  { code: 'C', name: '玉米', nameEn: 'Corn', initials: 'YM', exchange: 'DCE', months: ODD },
  { code: 'JM', name: '焦煤', nameEn: 'Coking Coal', initials: 'JM', exchange: 'DCE', months: ALL },
  { code: 'J', name: '焦炭', nameEn: 'Coke', initials: 'JT', exchange: 'DCE', months: ALL },
  { code: 'L', name: '塑料', nameEn: 'LLDPE', initials: 'SL', exchange: 'DCE', months: ALL },
  { code: 'V', name: 'PVC', nameEn: 'PVC', initials: 'PVC', exchange: 'DCE', months: ALL },
  { code: 'PP', name: '聚丙烯', nameEn: 'Polypropylene', initials: 'JBX', exchange: 'DCE', months: ALL },
  { code: 'EG', name: '乙二醇', nameEn: 'Ethylene Glycol', initials: 'YEC', exchange: 'DCE', months: ALL },
  { code: 'LH', name: '生猪', nameEn: 'Live Hog', initials: 'SZ', exchange: 'DCE', months: ODD },
  { code: 'JD', name: '鸡蛋', nameEn: 'Egg', initials: 'JD', exchange: 'DCE', months: ALL },
  { code: 'SR', name: '白糖', nameEn: 'White Sugar', initials: 'BT', exchange: 'CZCE', months: ODD },
  { code: 'CF', name: '棉花', nameEn: 'Cotton', initials: 'MH', exchange: 'CZCE', months: ODD },
  { code: 'TA', name: 'PTA', nameEn: 'PTA', initials: 'PTA', exchange: 'CZCE', months: ALL },
  { code: 'MA', name: '甲醇', nameEn: 'Methanol', initials: 'JC', exchange: 'CZCE', months: ALL },
  { code: 'RM', name: '菜粕', nameEn: 'Rapeseed Meal', initials: 'CP', exchange: 'CZCE', months: [1, 3, 5, 7, 8, 9, 11] },
  { code: 'OI', name: '菜油', nameEn: 'Rapeseed Oil', initials: 'CY', exchange: 'CZCE', months: ODD },
  { code: 'FG', name: '玻璃', nameEn: 'Glass', initials: 'BL', exchange: 'CZCE', months: ALL },
  { code: 'SA', name: '纯碱', nameEn: 'Soda Ash', initials: 'CJ', exchange: 'CZCE', months: ALL },
  { code: 'UR', name: '尿素', nameEn: 'Urea', initials: 'NS', exchange: 'CZCE', months: ALL },
  { code: 'AP', name: '苹果', nameEn: 'Apple', initials: 'PG', exchange: 'CZCE', months: [1, 3, 4, 5, 10, 11, 12] },
  { code: 'SF', name: '硅铁', nameEn: 'Ferrosilicon', initials: 'GT', exchange: 'CZCE', months: ALL },
  { code: 'SM', name: '锰硅', nameEn: 'Silicomanganese', initials: 'MG', exchange: 'CZCE', months: ALL },
  { code: 'PX', name: '对二甲苯', nameEn: 'Paraxylene', initials: 'DEJB', exchange: 'CZCE', months: ALL },
  { code: 'IF', name: '沪深300股指', nameEn: 'CSI 300 Index Futures', initials: 'HS300GZ', exchange: 'CFFEX', months: ALL },
  { code: 'IH', name: '上证50股指', nameEn: 'SSE 50 Index Futures', initials: 'SZ50GZ', exchange: 'CFFEX', months: ALL },
  { code: 'IC', name: '中证500股指', nameEn: 'CSI 500 Index Futures', initials: 'ZZ500GZ', exchange: 'CFFEX', months: ALL },
  { code: 'IM', name: '中证1000股指', nameEn: 'CSI 1000 Index Futures', initials: 'ZZ1000GZ', exchange: 'CFFEX', months: ALL },
  { code: 'T', name: '10年期国债', nameEn: '10-Year Treasury Bond Futures', initials: '10NQGZ', exchange: 'CFFEX', months: QUARTER },
  { code: 'TF', name: '5年期国债', nameEn: '5-Year Treasury Bond Futures', initials: '5NQGZ', exchange: 'CFFEX', months: QUARTER },
  { code: 'TS', name: '2年期国债', nameEn: '2-Year Treasury Bond Futures', initials: '2NQGZ', exchange: 'CFFEX', months: QUARTER },
  { code: 'TL', name: '30年期国债', nameEn: '30-Year Treasury Bond Futures', initials: '30NQGZ', exchange: 'CFFEX', months: QUARTER },
  { code: 'SI', name: '工业硅', nameEn: 'Industrial Silicon', initials: 'GYG', exchange: 'GFEX', months: ALL },
  { code: 'LC', name: '碳酸锂', nameEn: 'Lithium Carbonate', initials: 'TSL', exchange: 'GFEX', months: ALL },
  { code: 'PS', name: '多晶硅', nameEn: 'Polysilicon', initials: 'DJG', exchange: 'GFEX', months: ALL },
];

/** The `n`-th weekday (0 = Sunday) of a month, as a day number. */
function nthWeekday(year: number, month: number, wd: number, n: number): number {
  const first = dayOf(`${year}-${String(month).padStart(2, '0')}-01`);
  const offset = (wd - weekday(first) + 7) % 7;
  return first + offset + 7 * (n - 1);
}

/** The trading day on or before a day. */
function onOrBeforeTrading(day: number): number {
  return isTradingDay(day) ? day : tradingDayAt(tradingIndexOnOrBefore(day));
}

/** The calendar month `k` months after the month of a day (k = 0: that month). */
function monthAfter(day: number, k: number): { year: number; month: number } {
  const m0 = Number(dateOf(day).slice(5, 7));
  return { year: yearOf(day) + Math.floor((m0 - 1 + k) / 12), month: ((m0 - 1 + k) % 12) + 1 };
}

/** `2612` for December 2026, as in contract names and codes. */
function yymmOf(year: number, month: number): string {
  return `${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}`;
}

/** The dates of a contract that expires: it ends and last trades on `last`, and delivers on `delivery`. */
function expiryDates(last: number, delivery: number): Partial<Instrument> {
  return { endDate: dateOf(last), lastTradeDate: dateOf(last), lastDeliveryDate: dateOf(delivery) };
}

export interface FuturesContract extends Instrument {
  readonly variety: FuturesVariety;
  readonly year: number;
  readonly month: number;
}

function contractCode(v: FuturesVariety, year: number, month: number): string {
  const yy = v.exchange === 'CZCE' ? String(year % 10) : String(year % 100).padStart(2, '0');
  return `${v.code}${yy}${String(month).padStart(2, '0')}`;
}

function lastTradeDay(v: FuturesVariety, year: number, month: number): number {
  if (v.exchange === 'CFFEX') {
    // Index futures: third Friday; bond futures: second Friday of the delivery month.
    return onOrBeforeTrading(nthWeekday(year, month, 5, v.code.startsWith('T') ? 2 : 3));
  }
  return onOrBeforeTrading(dayOf(`${year}-${String(month).padStart(2, '0')}-14`));
}

/** Contracts of a variety that are listed and not yet expired on a day. */
export function futuresContractsOf(v: FuturesVariety, day: number): FuturesContract[] {
  const out: FuturesContract[] = [];
  const horizon = v.exchange === 'CFFEX' && !v.code.startsWith('T') ? 4 : 12;
  for (let k = 0; k < 14 && out.length < horizon; k++) {
    const { year, month } = monthAfter(day, k);
    if (!v.months.includes(month)) continue;
    const last = lastTradeDay(v, year, month);
    if (last < day) continue;
    const code = contractCode(v, year, month);
    const suffix = FUTURES_SUFFIX[v.exchange];
    const yymm = yymmOf(year, month);
    out.push({
      ...inst(
        `${code}.${suffix}`,
        `${v.name}${yymm}`,
        `${v.nameEn} ${yymm}`,
        `${v.initials}${yymm}`,
        v.exchange,
        'futures',
        dateOf(onOrBeforeTrading(last - 365)),
        expiryDates(last, onOrBeforeTrading(last + 5)),
      ),
      variety: v,
      year,
      month,
    });
  }
  return out;
}

/** Continuous main-contract series of each variety (`CUZL.SHF`). */
const MAIN_CONTINUOUS: readonly Instrument[] = FUTURES_VARIETIES.map((v) =>
  inst(
    `${v.code}ZL.${FUTURES_SUFFIX[v.exchange]}`,
    `${v.name}主力`,
    `${v.nameEn} Main Continuous`,
    `${v.initials}ZL`,
    v.exchange,
    'futures',
    null,
  ),
);

export interface OptionUnderlying {
  code: string;
  /** The fund's short name that its option contracts are named after (the contract's table). */
  label: string;
  labelEn: string;
  exchange: string;
  suffix: string;
  price: number;
}

function etfUnderlying(code: string, labelEn: string, price: number): OptionUnderlying {
  const [ticker = '', suffix = ''] = code.split('.');
  const label = ETF_OPTION_SHORT_NAMES[ticker];
  if (label === undefined) throw new Error(`no option short name for ${code}`);
  return { code, label, labelEn, exchange: suffix, suffix, price };
}

export const ETF_OPTION_UNDERLYINGS: readonly OptionUnderlying[] = [
  etfUnderlying('510050.SH', 'SSE 50 ETF', 2.8),
  etfUnderlying('510300.SH', 'CSI 300 ETF', 4.0),
  etfUnderlying('510500.SH', 'CSI 500 ETF', 6.0),
  etfUnderlying('588000.SH', 'STAR 50 ETF', 1.1),
  etfUnderlying('159919.SZ', 'CSI 300 ETF (SZSE)', 4.1),
  etfUnderlying('159915.SZ', 'ChiNext ETF', 2.2),
];

/**
 * Listed months of an option series, as the exchanges list them: the first `near` months that have not
 * expired yet, then the next `quarterly` quarter months (March, June, September, December).
 */
function optionMonths(
  day: number,
  expiryOf: (year: number, month: number) => number,
  near: number,
  quarterly: number,
): { year: number; month: number; expiry: number }[] {
  const out: { year: number; month: number; expiry: number }[] = [];
  let quarters = 0;
  for (let k = 0; k < 24 && out.length < near + quarterly; k++) {
    const { year, month } = monthAfter(day, k);
    const expiry = expiryOf(year, month);
    if (expiry < day) continue;
    if (out.length < near) out.push({ year, month, expiry });
    else if (month % 3 === 0 && quarters < quarterly) {
      out.push({ year, month, expiry });
      quarters++;
    }
  }
  return out;
}

/** Listing day of an option month: quarter months are listed about a year ahead, others four months. */
function optionListDay(month: number, expiry: number): number {
  return onOrBeforeTrading(expiry - (month % 3 === 0 ? 370 : 120));
}

/**
 * ETF options (current and next month plus two quarter months, fourth-Wednesday expiry) and CFFEX index
 * options (three near months plus three quarter months, third-Friday expiry). ETF option codes are
 * derived from the contract (exchange, underlying, month, strike, call or put), so a contract keeps its
 * code from listing to expiry.
 */
export function optionContracts(day: number): Instrument[] {
  const out: Instrument[] = [];
  for (const { year, month, expiry } of optionMonths(
    day,
    (y, m) => onOrBeforeTrading(nthWeekday(y, m, 3, 4)),
    2,
    2,
  )) {
    const yymm = yymmOf(year, month);
    ETF_OPTION_UNDERLYINGS.forEach((u, uIndex) => {
      const step = u.price < 3 ? 0.05 : 0.1;
      const atm = Math.round(u.price / step) * step;
      for (let s = -2; s <= 2; s++) {
        const strike = Math.round((atm + s * step) * 1000);
        for (const call of [true, false]) {
          const serial = `${u.exchange === 'SH' ? 1 : 9}${uIndex}${yymm}${s + 2}${call ? 0 : 1}`;
          const strikeText = String(strike).padStart(4, '0');
          out.push(
            inst(
              `${serial}.${u.suffix}`,
              `${u.label}${call ? ETF_OPTION_MARKS.call : ETF_OPTION_MARKS.put}${month}月${strikeText}`,
              `${u.labelEn} ${call ? 'Call' : 'Put'} ${yymm} ${(strike / 1000).toFixed(3)}`,
              '',
              u.exchange,
              'options',
              dateOf(optionListDay(month, expiry)),
              expiryDates(expiry, onOrBeforeTrading(expiry + 1)),
            ),
          );
        }
      }
    });
  }
  for (const { year, month, expiry } of optionMonths(
    day,
    (y, m) => onOrBeforeTrading(nthWeekday(y, m, 5, 3)),
    3,
    3,
  )) {
    const yymm = yymmOf(year, month);
    for (const [root, label, labelEn, level] of [
      ['IO', '沪深300股指期权', 'CSI 300 Index Option', 4000],
      ['MO', '中证1000股指期权', 'CSI 1000 Index Option', 6000],
      ['HO', '上证50股指期权', 'SSE 50 Index Option', 2800],
    ] as const) {
      for (let s = -2; s <= 2; s++) {
        const strike = level + s * 100;
        for (const cp of ['C', 'P'] as const) {
          out.push(
            inst(
              `${root}${yymm}-${cp}-${strike}.CFX`,
              `${label}${yymm}${cp === 'C' ? '看涨' : '看跌'}${strike}`,
              `${labelEn} ${yymm} ${cp === 'C' ? 'Call' : 'Put'} ${strike}`,
              '',
              'CFFEX',
              'options',
              dateOf(optionListDay(month, expiry)),
              expiryDates(expiry, expiry),
            ),
          );
        }
      }
    }
  }
  return out;
}

export function stockInstrument(s: Stock): Instrument {
  return {
    ...inst(s.thscode, s.name, s.nameEn, s.initials, s.exchange, 'a-share', s.listDate),
    stock: s,
  };
}

let fixed: readonly Instrument[] | null = null;

/** Instruments that do not depend on the day (everything but A-share listings and derivatives). */
function fixedInstruments(): readonly Instrument[] {
  if (!fixed) {
    // The THS sector, concept, region and thematic indices of the index group (ths-indices.ts).
    const known = new Set(INDICES.map((i) => i.thscode));
    const ths = thsIndexInstruments().filter((i) => !known.has(i.thscode));
    fixed = [
      ...INDICES,
      ...ths,
      ...EXCHANGE_FUNDS,
      ...otcFunds(),
      ...QDII_FUNDS,
      ...FOREX,
      ...FUTURES_INDICES,
      ...MAIN_CONTINUOUS,
    ];
  }
  return fixed;
}

interface CodeTable {
  readonly items: readonly Instrument[];
  readonly byCode: ReadonlyMap<string, Instrument>;
}

const tableCache = new Map<number, CodeTable>();

function tableOf(day: number): CodeTable {
  const hit = tableCache.get(day);
  if (hit) return hit;
  const stocks = allStocks()
    .filter((s) => s.listDay <= day)
    .map(stockInstrument);
  const others = fixedInstruments().filter((i) => i.listDate === null || dayOf(i.listDate) <= day);
  const futures = FUTURES_VARIETIES.flatMap((v) => futuresContractsOf(v, day));
  const items = [...stocks, ...others, ...futures, ...optionContracts(day)];
  const table = { items, byCode: new Map(items.map((i) => [i.thscode, i])) };
  if (tableCache.size > 8) tableCache.clear();
  tableCache.set(day, table);
  return table;
}

/** The whole code table as of a day: listed A-shares, fixed instruments, live futures and options. */
export function codeTable(day: number): readonly Instrument[] {
  return tableOf(day).items;
}

/** Any instrument by code as of a day (operations use it to tell an index or fund code from an unknown one). */
export function instrumentByCode(thscode: string, day: number): Instrument | undefined {
  return tableOf(day).byCode.get(thscode);
}
