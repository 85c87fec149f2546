import { useQuery } from '@tanstack/react-query';
import { FactsList } from '../../../../components/FactsList';
import { managerRadarScores } from '../../../../contract/operations/fund-managers-shapes';
import { DASH, direction, formatPercent } from '../../../../lib/format';
import { isFundMessageKey, useFundText } from '../../messages';
import { managerDetailQuery, type ManagerDetail } from '../../queries';
import { FundQueryView } from '../../Section';
import { ScoreTable } from '../../ScoreTable';

type RadarNode = NonNullable<ManagerDetail['radar_comparison']>[number];

/** The manager's radar nodes that carry scores, as labelled score tables beside the peers' average. */
function useRadarTables(nodes: readonly RadarNode[]) {
  const { t } = useFundText();
  return nodes.flatMap((node, i) => {
    const own = managerRadarScores.safeParse(node.manager_scores);
    if (!own.success) return [];
    const peer = managerRadarScores.safeParse(node.peer_average_scores);
    const horizonKey = `manager.horizon.${node.horizon ?? ''}`;
    const label = t('manager.radarOf', {
      category: node.fund_category ?? DASH,
      horizon: isFundMessageKey(horizonKey) ? t(horizonKey) : (node.horizon ?? DASH),
    });
    const rows = Object.entries(own.data).map(([key, score]) => {
      const dimKey = `diag.${key}`;
      return {
        key,
        label: isFundMessageKey(dimKey) ? t(dimKey) : key,
        score,
        peer: (peer.success ? peer.data[key] : null) ?? null,
      };
    });
    return [{ id: `${node.fund_category ?? ''}-${node.horizon ?? i}`, label, rows }];
  });
}

function ProfileView({ managerId, manager: m }: { managerId: string; manager: ManagerDetail }) {
  const { t, lang } = useFundText();
  const radar = useRadarTables(m.radar_comparison ?? []);
  return (
    <>
      <h3 className="fund-manager__name">{m.manager_name}</h3>
      <FactsList
        className="fund-facts"
        facts={[
          { label: t('manager.sex'), value: m.sex ?? DASH },
          { label: t('manager.degree'), value: m.degree ?? DASH },
          { label: t('manager.company'), value: m.company_name ?? DASH },
          {
            label: t('manager.annual'),
            value: formatPercent(m.annual_return_pct, lang, { sign: true }),
            valueClassName: `num ${direction(m.annual_return_pct)}`,
          },
          {
            label: t('manager.best'),
            value: formatPercent(m.maximum_return_pct, lang, { sign: true }),
            valueClassName: `num ${direction(m.maximum_return_pct)}`,
          },
        ]}
      />
      {m.resume && (
        <>
          <h4 className="fund-subtitle">{t('manager.resume')}</h4>
          <p className="fund-manager__resume">{m.resume}</p>
        </>
      )}
      {radar.length > 0 && (
        <>
          <h4 className="fund-subtitle">{t('manager.radar')}</h4>
          {radar.map((node) => (
            <ScoreTable
              key={node.id}
              id={`fund-manager-radar-${node.id}`}
              label={node.label}
              rows={node.rows}
              exportName={`manager-${managerId}-assessment-${node.id}`}
            />
          ))}
        </>
      )}
    </>
  );
}

/** The manager's profile (`fund/managers/detail`): facts, resume and assessment against peers. */
export function ManagerProfile({ managerId }: { managerId: string }) {
  const detail = useQuery(managerDetailQuery(managerId));
  return (
    <FundQueryView query={detail} height={200} isEmpty={(d) => d.item.length === 0}>
      {(data) => data.item[0] && <ProfileView managerId={managerId} manager={data.item[0]} />}
    </FundQueryView>
  );
}
