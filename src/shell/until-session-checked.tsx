import type { ReactNode } from 'react';
import classes from './until-session-checked.module.css';

/**
 * Until the server has answered about the session, what depends on it keeps its place, hidden
 * under a placeholder, so nobody is offered the wrong way in (a signed-in author opening a new
 * tab is never asked to sign in).
 */
export function UntilSessionChecked({
  checked,
  round = false,
  children,
}: {
  checked: boolean;
  round?: boolean;
  children: ReactNode;
}) {
  if (checked) return children;
  return (
    <div className={classes.placeholder} data-round={round || undefined} aria-hidden="true" inert>
      {children}
    </div>
  );
}
