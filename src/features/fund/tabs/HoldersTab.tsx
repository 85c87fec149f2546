import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { FactsList } from '../../../components/FactsList';
import { Segmented } from '../../../components/Segmented';
import { DASH, formatAmount, formatNumber, formatPercent, formatShanghaiDate } from '../../../lib/format';
import type { FundTabProps } from '../FundTabs';
import { useFundText } from '../messages';
import {
  companyQuery,
  holdersQuery,
  profileQuery,
  topHoldersQuery,
  type HolderStructure,
  type TopHolder,
} from '../queries';
import { FundQueryView, Section } from '../Section';
import { BASES, type Basis } from '../url-state';
import { ManagersPanel } from './holders/ManagersPanel';

/** Holder structure per disclosure basis, top holders, each manager's record, and the company. */
export function HoldersTab(props: FundTabProps) {
  return (
    <div className="fund-tab">
      <div className="fund-grid">
        <HolderStructurePanel {...props} />
        <TopHoldersPanel {...props} />
      </div>
      <ManagersPanel {...props} />
      <CompanyPanel {...props} />
    </div>
  );
}

/**
 * The record of the chosen basis, never a mix: the URL's basis when the fund discloses it, else the
 * first one it does (said on screen when the URL asked for another).
 */
export function pickBasis(
  items: readonly HolderStructure[],
  wanted: Basis | undefined,
): { shown: HolderStructure | null; missing: boolean } {
  const asked = wanted === undefined ? undefined : items.find((i) => i.merge_scope === wanted);
  const shown = asked ?? items[0] ?? null;
  return { shown, missing: wanted !== undefined && asked === undefined && shown !== null };
}

/** A legend label with the colour of its part of the stacked bar. */
function Swatch({ part, label }: { part: 'a' | 'c'; label: string }) {
  return (
    <>
      <span
        className={`fund-stack__part fund-stack__part--${part} fund-legend-keys__swatch`}
        aria-hidden="true"
      />
      {label}
    </>
  );
}

function HolderStructurePanel({ fundRef, search, onSearch }: FundTabProps) {
  const { t, lang } = useFundText();
  const holders = useQuery(holdersQuery(fundRef));
  const bases = (holders.data?.item ?? [])
    .map((i) => i.merge_scope)
    .filter((b): b is Basis => BASES.some((x) => x === b));
  const { shown, missing } = pickBasis(holders.data?.item ?? [], search.basis);
  const basisLabel = (b: string) => (b === 'merged' || b === 'separate' ? t(`basis.${b}`) : b);
  return (
    <Section
      title={t('holders.title')}
      testId="holder-structure"
      toolbar={
        bases.length > 0 && shown ? (
          <Segmented
            label={t('holders.basis')}
            value={shown.merge_scope}
            testId="basis-switch"
            options={bases.map((b) => ({ value: b, label: basisLabel(b) }))}
            onChange={(basis) => {
              const next = BASES.find((b) => b === basis);
              if (next) onSearch({ basis: next }, { replace: true });
            }}
          />
        ) : undefined
      }
    >
      <FundQueryView query={holders} height={180} isEmpty={(d) => d.item.length === 0}>
        {() =>
          shown && (
            <>
              {missing && search.basis && (
                <p className="fund-note" role="status">
                  {t('holders.basisMissing', {
                    basis: basisLabel(search.basis),
                    shown: basisLabel(shown.merge_scope),
                  })}
                </p>
              )}
              <p className="muted num fund-section__meta">
                {basisLabel(shown.merge_scope)} ·{' '}
                {t('holders.reportDate', { date: formatShanghaiDate(shown.report_date_ms) })}
              </p>
              <div
                className="fund-stack fund-stack--tall"
                role="img"
                aria-label={`${t('holders.institutional')} ${formatPercent(shown.ins_position, lang)}，${t('holders.individual')} ${formatPercent(shown.psnl_rate, lang)}`}
              >
                <span
                  className="fund-stack__part fund-stack__part--a"
                  style={{ width: `${shown.ins_position ?? 0}%` }}
                />
                <span
                  className="fund-stack__part fund-stack__part--c"
                  style={{ width: `${shown.psnl_rate ?? 0}%` }}
                />
              </div>
              <FactsList
                className="fund-ratios"
                testId="holder-ratios"
                facts={[
                  {
                    id: 'institutional',
                    label: <Swatch part="a" label={t('holders.institutional')} />,
                    value: formatPercent(shown.ins_position, lang),
                    valueClassName: 'num',
                  },
                  {
                    id: 'individual',
                    label: <Swatch part="c" label={t('holders.individual')} />,
                    value: formatPercent(shown.psnl_rate, lang),
                    valueClassName: 'num',
                  },
                  {
                    label: t('holders.staff'),
                    value: formatPercent(shown.mgmt_staff_hold_rate, lang, { digits: 4 }),
                    valueClassName: 'num',
                  },
                  {
                    label: t('holders.count'),
                    value: formatNumber(shown.holder_amount, lang, 0),
                    valueClassName: 'num',
                  },
                  {
                    label: t('holders.average'),
                    value: formatNumber(shown.avg_holder_share, lang, 2),
                    valueClassName: 'num',
                  },
                ]}
              />
            </>
          )
        }
      </FundQueryView>
    </Section>
  );
}

function TopHoldersPanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const top = useQuery(topHoldersQuery(fundRef));
  const columns: DataColumn<TopHolder>[] = [
    { id: 'rank', header: t('top.rank'), value: (r) => r.rank, numeric: true, width: 48 },
    { id: 'name', header: t('top.name'), value: (r) => r.holder_name, hideable: false },
    { id: 'type', header: t('top.type'), value: (r) => r.holder_type },
    {
      id: 'share',
      header: t('top.share'),
      value: (r) => r.hold_share,
      cell: (r) => formatAmount(r.hold_share, lang),
      numeric: true,
    },
    {
      id: 'rate',
      header: t('top.rate'),
      value: (r) => r.hold_rate_pct,
      cell: (r) => formatPercent(r.hold_rate_pct, lang),
      numeric: true,
    },
  ];
  return (
    <Section title={t('top.title')} testId="top-holders">
      <FundQueryView query={top} height={180}>
        {(data) => (
          <>
            {data.item[0] && (
              <p className="muted num fund-section__meta">
                {t('holders.reportDate', { date: formatShanghaiDate(data.item[0].report_date_ms) })}
              </p>
            )}
            <DataTable
              id="fund-top-holders"
              label={t('top.title')}
              columns={columns}
              rows={data.item}
              maxHeight={360}
              getRowId={(r) => r.holder_id}
              exportName={`${fundRef.thscode}-top-holders`}
            />
          </>
        )}
      </FundQueryView>
    </Section>
  );
}

function CompanyPanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const profile = useQuery(profileQuery(fundRef));
  const companyId = profile.data?.item[0]?.company_id ?? null;
  const company = useQuery({ ...companyQuery(companyId ?? ''), enabled: companyId !== null });
  return (
    <Section title={t('company.title')} id="fund-company" testId="company-panel">
      {profile.isSuccess && companyId === null ? (
        <p className="muted">{t('company.none')}</p>
      ) : (
        <FundQueryView query={company} height={100} isEmpty={(d) => d.item.length === 0}>
          {(data) => {
            const c = data.item[0];
            if (!c) return null;
            return (
              <FactsList
                className="fund-facts fund-facts--row"
                facts={[
                  { label: t('company.title'), value: c.company_name ?? DASH, className: 'fund-facts__wide' },
                  { label: t('company.type'), value: c.company_type ?? DASH },
                  {
                    label: t('company.established'),
                    value: formatShanghaiDate(c.established_date_ms),
                    valueClassName: 'num',
                  },
                  {
                    label: t('company.funds'),
                    value: formatNumber(c.fund_count, lang, 0),
                    valueClassName: 'num',
                  },
                  { label: t('company.scale'), value: formatAmount(c.scale, lang), valueClassName: 'num' },
                ]}
              />
            );
          }}
        </FundQueryView>
      )}
    </Section>
  );
}
