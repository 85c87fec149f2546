import { createFileRoute } from '@tanstack/react-router';
import { NoticeView } from '../features/news/NoticeView';
import { NewsSkeleton } from '../features/news/Skeletons';
import { loadNoticeView } from '../features/news/loader';

/** The announcement reader: one interpretation by its sequence (passed to the service unchanged). */
export const Route = createFileRoute('/news/notice/$seq')({
  loader: ({ context, params }) => loadNoticeView(context.queryClient, params.seq),
  pendingComponent: NewsSkeleton,
  component: NoticeRoute,
});

function NoticeRoute() {
  const { seq } = Route.useParams();
  return <NoticeView seq={seq} />;
}
