import type { ReactNode } from 'react';
import classes from './app-shell.module.css';
import { useSession, useSessionChecked } from '@/session/use-session';
import { Footer } from './footer';
import { Header } from './header';
import { impersonationBanner } from './impersonation-banner-later';
import { useLinkEditorOpen } from './link-editor-visibility';
import { TopBar } from './top-bar';

const ImpersonationBanner = impersonationBanner.component(
  (module) => module.ImpersonationBanner,
  null,
);

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
      {session.isAuthenticated && session.impersonateAs && (
        <ImpersonationBanner impersonateAs={session.impersonateAs} />
      )}
      <main id="main" className={classes.main}>
        {children}
      </main>
      <Footer session={session} />
    </div>
  );
}
