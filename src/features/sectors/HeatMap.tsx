import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { hierarchy, treemap, treemapSquarify } from 'd3-hierarchy';
import { direction, formatAmount, formatPercent } from '../../lib/format';
import { useSectorsText } from './messages';

/**
 * Sectors as a squarified treemap (d3-hierarchy): each tile's area is the sector's turnover, its colour
 * the day's change (deeper for larger moves, red-up/green-down by the app's convention). Every tile is a
 * link to the sector page, so the map is usable by keyboard like a list.
 */

export interface HeatTile {
  thscode: string;
  name: string;
  changePct: number;
  turnover: number;
}

/** A move of this size (percent) or more gets the deepest colour. */
const FULL_SCALE = 4;
/** Below this area (px²) a tile shows no text; its name stays in the tooltip and the link's name. */
const LABEL_AREA = 2600;

interface Layout {
  tile: HeatTile;
  x: number;
  y: number;
  w: number;
  h: number;
}

function layout(tiles: readonly HeatTile[], width: number, height: number): Layout[] {
  const root = hierarchy<{ tile?: HeatTile; children?: { tile: HeatTile }[] }>({
    children: tiles.map((tile) => ({ tile })),
  })
    // A sector with no turnover still gets a sliver, so that it can be found.
    .sum((d) => (d.tile ? Math.max(d.tile.turnover, 0) + 1 : 0))
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const laid = treemap<{ tile?: HeatTile }>().tile(treemapSquarify).size([width, height]).paddingInner(2)(
    root,
  );
  return laid
    .leaves()
    .flatMap((leaf) =>
      leaf.data.tile
        ? [{ tile: leaf.data.tile, x: leaf.x0, y: leaf.y0, w: leaf.x1 - leaf.x0, h: leaf.y1 - leaf.y0 }]
        : [],
    );
}

/** The container's width, followed as it resizes (a nominal width where ResizeObserver is missing). */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const next = entries[0]?.contentRect.width;
      if (next !== undefined && next > 0) setWidth(Math.round(next));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function HeatMap({
  tiles,
  label,
  height,
}: {
  tiles: readonly HeatTile[];
  label: string;
  height: number;
}) {
  const { t, lang } = useSectorsText();
  const { ref, width } = useWidth(960);
  const laid = useMemo(() => layout(tiles, width, height), [tiles, width, height]);
  return (
    <div
      ref={ref}
      className="heatmap"
      style={{ height }}
      role="list"
      aria-label={label}
      data-testid="sector-heatmap"
    >
      {laid.map(({ tile, x, y, w, h }) => {
        const tone = direction(tile.changePct);
        const depth = Math.round(25 + 60 * Math.min(1, Math.abs(tile.changePct) / FULL_SCALE));
        const change = formatPercent(tile.changePct, lang, { sign: true });
        const text = t('heat.tile', { name: tile.name, change, turnover: formatAmount(tile.turnover, lang) });
        return (
          <Link
            key={tile.thscode}
            to="/sectors/$thscode"
            params={{ thscode: tile.thscode }}
            role="listitem"
            className={`heatmap__tile heatmap__tile--${tone}`}
            style={{
              left: x,
              top: y,
              width: w,
              height: h,
              background:
                tone === 'flat'
                  ? 'var(--bg-hover)'
                  : `color-mix(in srgb, var(--${tone}) ${depth}%, var(--bg-raised))`,
            }}
            title={text}
            aria-label={text}
            data-code={tile.thscode}
          >
            {w * h >= LABEL_AREA && w >= 48 && (
              <>
                <span className="heatmap__name">{tile.name}</span>
                <span className="heatmap__change num">{change}</span>
              </>
            )}
          </Link>
        );
      })}
    </div>
  );
}
