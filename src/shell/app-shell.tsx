import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useFirstScreenPainted } from '@/lib/later/use-first-screen-painted';
import classes from './app-shell.module.css';
import { useSession, useSessionChecked } from '@/session/use-session';
import { footer } from './footer-later';
import { Header } from './header';
import { impersonationBanner } from './impersonation-banner-later';
import { useLinkEditorOpen } from './link-editor-visibility';
import { TopBar } from './top-bar';

const Footer = footer.component((module) => module.Footer, null);

const ImpersonationBanner = impersonationBanner.component(
  (module) => module.ImpersonationBanner,
  null,
);

export function AppShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const sessionChecked = useSessionChecked();
  const linkEditorOpen = useLinkEditorOpen();
  const firstScreenPainted = useFirstScreenPainted(useRouter());
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
      {firstScreenPainted && <Footer session={session} />}
    </div>
  );
}
