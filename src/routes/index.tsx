import { createFileRoute } from '@tanstack/react-router';
import { LinkEditorAfterFirstPaint } from '@/features/link-editor/link-editor-later';
import { HomePage } from '@/features/home/home-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/')({
  // The home page is most visitors' first page: it ships in the entry chunk and paints without a
  // request of its own. Its link editor loads after that paint (LinkEditorAfterFirstPaint).
  codeSplitGroupings: [],
  head: () => titleMeta('Smart links for books'),
  component: Home,
});

function Home() {
  return <HomePage linkEditor={<LinkEditorAfterFirstPaint />} />;
}
