import { createFileRoute } from '@tanstack/react-router';
import { WelcomePanel } from '../components/WelcomePanel';
import { InstrumentSearch } from '../features/search/InstrumentSearch';

function Home() {
  return <WelcomePanel search={<InstrumentSearch variant="hero" />} />;
}

export const Route = createFileRoute('/')({
  component: Home,
});
