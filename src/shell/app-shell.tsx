import type { ReactNode } from 'react';
import classes from './app-shell.module.css';
import { useSession, useSessionChecked } from '@/session/use-session';
import { Footer } from './footer';
import { Header } from './header';
import { useLinkEditorOpen } from './link-editor-visibility';
import { TopBar } from './top-bar';

export function AppShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const sessionChecked = useSessionChecked();
  const linkEditorOpen = useLinkEditorOpen();
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <TopBar />
      {!linkEditorOpen && <Header session={session} sessionChecked={sessionChecked} />}
      <main id="main" className={classes.main}>
        {children}
      </main>
      <Footer session={session} />
    </div>
  );
}
