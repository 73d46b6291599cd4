import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/home/home-page';
import { LinkEditor } from '@/features/link-editor/link-editor';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/')({
  head: () => titleMeta('Smart links for books'),
  component: Home,
});

function Home() {
  return <HomePage linkEditor={<LinkEditor />} />;
}
