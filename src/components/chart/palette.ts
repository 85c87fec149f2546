import { useEffect, useState, type RefObject } from 'react';

/**
 * Chart colours come from the stylesheet's variables, so the canvas follows the theme and the colour
 * convention (red-up or green-up) like the rest of the page. Canvas cannot read CSS variables: each one
 * is resolved to an `rgb()` value through a hidden probe element, and resolved again whenever
 * `<html>`'s theme or colour attributes change.
 */

export const COLOR_VARIABLES = {
  up: '--up',
  down: '--down',
  text: '--text',
  muted: '--text-muted',
  faint: '--text-faint',
  grid: '--chart-grid',
  border: '--border',
  bg: '--bg-raised',
  accent: '--accent',
  amber: '--amber',
  ma5: '--chart-ma5',
  ma10: '--chart-ma10',
  ma20: '--chart-ma20',
  ma60: '--chart-ma60',
} as const;

export type ColorRole = keyof typeof COLOR_VARIABLES;

export type Palette = Readonly<Record<ColorRole, string>> & { readonly font: string };

const ROLES = Object.keys(COLOR_VARIABLES).filter((key): key is ColorRole => key in COLOR_VARIABLES);

/** Attributes of `<html>` that change colours: theme, colour convention, and inline variables. */
const WATCHED = ['data-theme', 'data-colors', 'class', 'style'];

export function readPalette(host: HTMLElement): Palette {
  const probe = document.createElement('span');
  probe.style.display = 'none';
  host.appendChild(probe);
  try {
    const colors: Partial<Record<ColorRole, string>> = {};
    for (const role of ROLES) {
      probe.style.color = '';
      probe.style.color = `var(${COLOR_VARIABLES[role]})`;
      colors[role] = getComputedStyle(probe).color;
    }
    const font = getComputedStyle(host).fontFamily;
    return {
      up: colors.up ?? '',
      down: colors.down ?? '',
      text: colors.text ?? '',
      muted: colors.muted ?? '',
      faint: colors.faint ?? '',
      grid: colors.grid ?? '',
      border: colors.border ?? '',
      bg: colors.bg ?? '',
      accent: colors.accent ?? '',
      amber: colors.amber ?? '',
      ma5: colors.ma5 ?? '',
      ma10: colors.ma10 ?? '',
      ma20: colors.ma20 ?? '',
      ma60: colors.ma60 ?? '',
      font,
    };
  } finally {
    probe.remove();
  }
}

function samePalette(a: Palette | null, b: Palette): boolean {
  return a !== null && a.font === b.font && ROLES.every((role) => a[role] === b[role]);
}

/** `rgb(r, g, b)` (as computed styles give colours) with an alpha channel; other forms are returned as is. */
export function withAlpha(color: string, alpha: number): string {
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(color);
  return m ? `rgba(${m[1]}, ${m[2]}, ${m[3]}, ${alpha})` : color;
}

/**
 * The palette of the element's context; a new object only when a colour really changed. Read once
 * `enabled` (a chart reads it after the page's first paint: resolving the variables forces the styles of
 * a page still being built).
 */
export function usePalette(ref: RefObject<HTMLElement | null>, enabled: boolean): Palette | null {
  const [palette, setPalette] = useState<Palette | null>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host || !enabled) return;
    const update = () => {
      const next = readPalette(host);
      setPalette((prev) => (samePalette(prev, next) ? prev : next));
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: WATCHED });
    return () => observer.disconnect();
  }, [ref, enabled]);
  return palette;
}
