import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouterState } from '@tanstack/react-router';
import { findInstrument, instrumentQuery } from '../api/instruments';
import { useI18n, type MessageKey } from '../lib/i18n';
import { canonicalCode } from '../contract/params-terms';

/** The section a path belongs to: the longest `to` it starts with ('/' only for itself). */
export function sectionOf<T extends { to: string }>(sections: readonly T[], pathname: string): T | undefined {
  let best: T | undefined;
  for (const section of sections) {
    const matches =
      section.to === '/'
        ? pathname === '/'
        : pathname === section.to || pathname.startsWith(`${section.to}/`);
    if (matches && (best === undefined || section.to.length > best.to.length)) best = section;
  }
  return best;
}

/**
 * The browser tab's title: the instrument ("贵州茅台 600519.SH · 行情看板") on an instrument page, the
 * section elsewhere ("龙虎榜 · 行情看板"). The instrument's name comes from the lookup its page makes;
 * this never asks the service itself (a malformed code in the URL must not cause a request).
 */
export function DocumentTitle({ sections }: { sections: readonly { to: string; label: MessageKey }[] }) {
  const { t } = useI18n();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const params: { thscode?: string } = useParams({ strict: false });
  const code = params.thscode === undefined ? undefined : canonicalCode(params.thscode);
  const lookup = useQuery({ ...instrumentQuery(code ?? ''), enabled: false });
  const record = code === undefined ? undefined : findInstrument(lookup.data, code);
  const section = sectionOf(sections, pathname);

  let title = t('app.name');
  if (code !== undefined) {
    title = `${record ? `${record.name} ${record.thscode}` : code} · ${title}`;
  } else if (section !== undefined && section.to !== '/') {
    title = `${t(section.label)} · ${title}`;
  }

  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
