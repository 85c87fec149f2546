import { useNavigate } from '@tanstack/react-router';
import { SearchBox, type SearchBoxProps } from './SearchBox';

/** The search box wired to the router: an instrument opens its own page. */
export function InstrumentSearch(props: Omit<SearchBoxProps, 'onOpen'>) {
  const navigate = useNavigate();
  return <SearchBox {...props} onOpen={({ to, thscode }) => void navigate({ to, params: { thscode } })} />;
}
