import { useNavigate } from '@tanstack/react-router';
import { SearchBox, type SearchBoxProps } from './SearchBox';

/** The search box wired to the router: an A-share opens its stock page. */
export function InstrumentSearch(props: Omit<SearchBoxProps, 'onOpenStock'>) {
  const navigate = useNavigate();
  return (
    <SearchBox
      {...props}
      onOpenStock={(thscode) => void navigate({ to: '/stock/$thscode', params: { thscode } })}
    />
  );
}
