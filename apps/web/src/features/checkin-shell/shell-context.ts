import { createContext, useContext } from 'react';
import type { FamilySession } from '../../api/family.ts';

/** What the shell gives its pages: the signed-in parent and the church's name and logo. */
export interface FamilyShell {
  session: FamilySession;
  church: { name: string; logo: string | null };
  /** Ends the parent's session (server and device) and goes to the church's sign-in page. */
  signOut: () => Promise<void>;
}

export const FamilyShellContext = createContext<FamilyShell | null>(null);

/** The signed-in parent and church; only valid inside the shell layout. */
export function useFamilyShell(): FamilyShell {
  const shell = useContext(FamilyShellContext);
  if (!shell) throw new Error('useFamilyShell is used outside the check-in shell');
  return shell;
}

/** The path of the church's family sign-in page (spec 2.16 'CheckinSignin'). */
export const signInPath = (tenantId: string) => `/childcheckin/${tenantId}`;
/** The path of the church's family sign-up page ('CheckinSignup'). */
export const signUpPath = (tenantId: string) => `/checkinsignup/${tenantId}`;

/** The shell's pages (existing-client-api §1.6 'BaseIndex' /checkin and its children). */
export const SHELL_PATHS = {
  dashboard: '/checkin',
  profile: '/checkin/checkinprofile',
  family: '/checkin/checkinfamily',
  guardian: '/checkin/checkinguardian',
  events: '/checkin/upcomingevents',
  event: (activityId: string) => `/checkin/checkinevent/${activityId}`,
  thankYou: (code: string) => `/checkin/thankyou/${encodeURIComponent(code)}`,
} as const;

/** The menu entry of a path: the event and thank-you pages belong to Events. */
export function selectedShellKey(pathname: string): string {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  if (p.startsWith('/checkin/checkinevent') || p.startsWith('/checkin/thankyou')) return SHELL_PATHS.events;
  const match = [SHELL_PATHS.profile, SHELL_PATHS.family, SHELL_PATHS.guardian, SHELL_PATHS.events].find((k) =>
    p.startsWith(k),
  );
  return match ?? SHELL_PATHS.dashboard;
}
