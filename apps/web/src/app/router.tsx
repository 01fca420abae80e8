import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PlannedArea } from '../components/planned-area.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireUser } from './require-user.tsx';
import { RouteError } from './route-error.tsx';
import { RouteLoading } from './route-loading.tsx';
import { TenantLayout } from './tenant-layout.tsx';

/** Areas of the spec planned for a later release: path under /tenant and page title. */
const PLANNED: { path: string; title: string }[] = [
  { path: 'onlinedonate', title: 'Online Giving' },
  { path: 'payment', title: 'Donations' },
  { path: 'paymentforms', title: 'Payment Forms' },
  { path: 'payments', title: 'Payment Form' },
  { path: 'payments/:paymentId', title: 'Payment Form' },
  { path: 'attendance', title: 'Attendance' },
  { path: 'eventregistration', title: 'Event Registration' },
  { path: 'sms/compose', title: 'Messaging' },
  { path: 'settings', title: 'Settings' },
  { path: 'settings/defaultmessage', title: 'Default Messages' },
  { path: 'settings/adddefaultmessage', title: 'Default Message' },
  { path: 'settings/guestlifecycle', title: 'New Guest Life Cycle Settings' },
  { path: 'settings/branchlevels', title: 'Branch Level Settings' },
  { path: 'settings/customfields', title: 'Custom Field Setup' },
];

const tenantRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'offering',
    lazy: () => import('../features/offerings/offerings-page.tsx').then((m) => ({ Component: m.OfferingsPage })),
  },
  ...['addoffering', 'addoffering/:offId'].map((path) => ({
    path,
    lazy: () => import('../features/offerings/add-offering-page.tsx').then((m) => ({ Component: m.AddOfferingPage })),
  })),
  // the offering report, and its full-report link from the e-mailed report (issue 7)
  ...['offeringreport', 'report/:report'].map((path) => ({
    path,
    lazy: () =>
      import('../features/offerings/offering-report-page.tsx').then((m) => ({ Component: m.OfferingReportPage })),
  })),
  {
    path: 'contributionCategory',
    lazy: () =>
      import('../features/offering-items/offering-items-page.tsx').then((m) => ({ Component: m.OfferingItemsPage })),
  },
  ...['offeringcategory', 'offeringcategory/:offId'].map((path) => ({
    path,
    lazy: () =>
      import('../features/offering-items/offering-item-page.tsx').then((m) => ({ Component: m.OfferingItemPage })),
  })),
  {
    path: 'chartofaccount',
    lazy: () =>
      import('../features/chart-of-accounts/chart-of-accounts-page.tsx').then((m) => ({
        Component: m.ChartOfAccountsPage,
      })),
  },
  {
    path: 'chartofaccount/update',
    lazy: () =>
      import('../features/chart-of-accounts/update-accounts-page.tsx').then((m) => ({
        Component: m.UpdateAccountsPage,
      })),
  },
  {
    path: 'transactions',
    lazy: () =>
      import('../features/transactions/transactions-page.tsx').then((m) => ({ Component: m.TransactionsPage })),
  },
  ...PLANNED.map(({ path, title }) => ({ path, element: <PlannedArea title={title} /> })),
  { path: '*', element: <NotFoundPage /> },
];

/** All routes. Paths match case-insensitively (React Router's default), like the server's. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/', element: <Navigate to="/tenant" replace /> },
      {
        path: '/signin',
        lazy: () => import('../features/auth/sign-in-page.tsx').then((m) => ({ Component: m.SignInPage })),
      },
      {
        path: '/signup',
        lazy: () => import('../features/auth/sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage })),
      },
      // a report's share link: read-only, no sign-in (issue 7)
      {
        path: '/r/:token',
        lazy: () =>
          import('../features/offerings/report-shared-page.tsx').then((m) => ({ Component: m.ReportSharedPage })),
      },
      {
        path: '/tenant',
        element: <RequireUser />,
        children: [{ element: <TenantLayout />, children: tenantRoutes }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
