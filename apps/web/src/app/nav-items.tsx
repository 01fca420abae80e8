import {
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  CalendarOutlined,
  DashboardOutlined,
  DollarOutlined,
  GiftOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { createContext, useContext, useEffect, type ReactNode } from 'react';

export interface NavLeaf {
  path: string;
  label: string;
  icon?: ReactNode;
}

export interface NavGroup {
  key: string;
  label: string;
  icon: ReactNode;
  children: NavLeaf[];
}

export type NavItem = NavLeaf | NavGroup;

/** The side menu: every area of both spec documents. */
export const NAV_ITEMS: NavItem[] = [
  { path: '/tenant', label: 'Dashboard', icon: <DashboardOutlined aria-hidden /> },
  {
    key: 'offerings',
    label: 'Offerings',
    icon: <DollarOutlined aria-hidden />,
    children: [
      { path: '/tenant/offering', label: 'Offerings' },
      { path: '/tenant/addoffering', label: 'Add Offering' },
      { path: '/tenant/contributionCategory', label: 'Offering Items' },
    ],
  },
  {
    key: 'finance',
    label: 'Finance',
    icon: <BankOutlined aria-hidden />,
    children: [
      { path: '/tenant/transactions', label: 'Transactions' },
      { path: '/tenant/chartofaccount', label: 'Chart of Accounts' },
    ],
  },
  {
    key: 'giving',
    label: 'Online Giving',
    icon: <GiftOutlined aria-hidden />,
    children: [
      { path: '/tenant/onlinedonate', label: 'Online Giving' },
      { path: '/tenant/paymentforms', label: 'Payment Forms' },
    ],
  },
  { path: '/tenant/peoplegroups', label: 'Groups', icon: <ApartmentOutlined aria-hidden /> },
  {
    key: 'attendance',
    label: 'Attendance',
    icon: <TeamOutlined aria-hidden />,
    children: [
      { path: '/tenant/attendancecheckin', label: 'Attendance & Check-in' },
      { path: '/tenant/childcheckin', label: 'Child Check-in' },
    ],
  },
  { path: '/tenant/eventregistration', label: 'Event Registration', icon: <CalendarOutlined aria-hidden /> },
  {
    key: 'messaging',
    label: 'Messaging',
    icon: <MessageOutlined aria-hidden />,
    children: [
      { path: '/tenant/sms/compose', label: 'Send SMS' },
      { path: '/tenant/email/compose', label: 'Send E-mail' },
      { path: '/tenant/sms/sent', label: 'Sent SMS' },
      { path: '/tenant/email/sent', label: 'Sent E-mails' },
      { path: '/tenant/outbox', label: 'Outbox' },
    ],
  },
  {
    key: 'settings',
    label: 'Settings',
    icon: <SettingOutlined aria-hidden />,
    children: [
      { path: '/tenant/settings', label: 'Overview', icon: <AppstoreOutlined aria-hidden /> },
      { path: '/tenant/settings/defaultmessage', label: 'Default Messages' },
      { path: '/tenant/settings/firsttimersettings', label: 'Guest Life Cycle' },
      { path: '/tenant/settings/branchlevelsettings', label: 'Branch Levels' },
      { path: '/tenant/settings/customfieldsetup', label: 'Custom Fields' },
    ],
  },
];

/** Route prefixes that belong to a menu entry without being its path. */
const ALIASES: Record<string, string> = {
  '/tenant/offeringreport': '/tenant/offering',
  '/tenant/offeringcategory': '/tenant/contributionCategory',
  '/tenant/payments': '/tenant/paymentforms',
  '/tenant/paymentoptions': '/tenant/paymentforms',
  '/tenant/onlinedonation': '/tenant/onlinedonate',
  '/tenant/payment': '/tenant/onlinedonate',
  '/tenant/settings/adddefaultmessage': '/tenant/settings/defaultmessage',
  '/tenant/chartofaccount/update': '/tenant/chartofaccount',
  '/tenant/createpeoplegroup': '/tenant/peoplegroups',
  '/tenant/branch/branchsummary': '/tenant/settings/branchlevelsettings',
  // Add Attendance (/tenant/addattendancecheckin/:id?, existing-client-api §1.6) and the set-up's pages
  '/tenant/addattendancecheckin': '/tenant/attendancecheckin',
};

/**
 * Routes whose menu entry depends on what the page shows, not on its path (route prefix -> the
 * menu group holding the entry): a message's report (/tenant/messages/:id) belongs under 'Sent
 * SMS' or 'Sent E-mails' by the message's channel. The page names its entry with
 * {@link useNavHint}; until it does, the group is open with no entry selected.
 */
const HINTED: Record<string, string> = {
  '/tenant/messages': 'messaging',
};

function leaves(): NavLeaf[] {
  return NAV_ITEMS.flatMap((i) => ('children' in i ? i.children : [i]));
}

function matches(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** A location's path as the menu compares it: lower case (routes are case-insensitive), no trailing slash. */
function normalise(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, '') || '/';
}

/** The group key of a hinted route the (normalised) path is on (see HINTED), or undefined. */
function hintedGroup(p: string): string | undefined {
  return Object.entries(HINTED).find(([from]) => matches(p, from.toLowerCase()))?.[1];
}

/**
 * The menu path selected for a location: the longest matching entry (routes are
 * case-insensitive), or the entry an alias names. On a hinted route (see HINTED), the entry its page named (`hint`) when it
 * is one of the route's group, else none.
 */
export function selectedNavPath(pathname: string, hint?: string): string | undefined {
  const p = normalise(pathname);
  const hinted = hintedGroup(p);
  if (hinted) return hint && groupOfPath(hint) === hinted ? hint : undefined;
  const alias = Object.entries(ALIASES)
    .filter(([from]) => matches(p, from.toLowerCase()))
    .sort((a, b) => b[0].length - a[0].length)[0];
  if (alias) return alias[1];
  return leaves()
    .filter((l) => matches(p, l.path.toLowerCase()))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
}

/** The group key holding a menu path, to open it. */
export function groupOfPath(path: string | undefined): string | undefined {
  if (!path) return undefined;
  return NAV_ITEMS.find((i): i is NavGroup => 'children' in i && i.children.some((c) => c.path === path))?.key;
}

/** The menu group to open for a location: the selected entry's, or a hinted route's while its page loads. */
export function openGroupOf(pathname: string, selected: string | undefined): string | undefined {
  return groupOfPath(selected) ?? hintedGroup(normalise(pathname));
}

/** Where a page names its menu entry (the tenant layout provides it). */
export const NavHintContext = createContext<(path: string | undefined) => void>(() => undefined);

/**
 * A page on a hinted route names the menu entry it belongs to (a menu path such as
 * '/tenant/email/sent'; undefined while it does not know yet), for as long as it is shown.
 */
export function useNavHint(path: string | undefined): void {
  const setHint = useContext(NavHintContext);
  useEffect(() => {
    setHint(path);
    return () => setHint(undefined);
  }, [setHint, path]);
}
