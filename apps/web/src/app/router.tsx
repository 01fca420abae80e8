import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from './route-error.tsx';
import { RouteLoading } from './route-loading.tsx';
import { prefetchPublicForm } from '../api/give.ts';

/*
 * Every page, the auth guard and the tenant layout load lazily (issue 7 'Speed'): the entry
 * chunk holds only React, the router and this file, so /signin downloads neither the side menu
 * nor any finance screen. React Router loads the lazy modules of all matched routes in
 * parallel. The sign-in page is plain React and CSS; every other page gets the query cache and
 * the antd theme (AppProviders), loaded beside it: by the auth guard for /tenant, by
 * withProviders for the public pages.
 */

/**
 * A lazy route whose page needs the query cache and the antd theme: loads app-providers.tsx
 * beside the page's module and renders the page (picked from its module by `pick`) inside them.
 */
function withProviders<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return async () => {
    const [{ AppProviders }, m] = await Promise.all([import('./app-providers.tsx'), load()]);
    const Page = pick(m);
    return {
      Component: () => (
        <AppProviders>
          <Page />
        </AppProviders>
      ),
    };
  };
}

/** The 'not found' page under /tenant (inside the auth guard's providers). */
const notFound = () => import('./not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }));
/** The 'not found' page of any other path. */
const publicNotFound = withProviders(
  () => import('./not-found-page.tsx'),
  (m) => m.NotFoundPage,
);

/** Areas of the spec planned for a later release: path under /tenant and page title. */
const PLANNED: { path: string; title: string }[] = [{ path: 'settings', title: 'Settings' }];

const tenantRoutes: RouteObject[] = [
  // issue 12 (event registration, admin): the church's set-ups that take registration
  {
    path: 'eventregistration',
    lazy: () =>
      import('../features/event-registration-admin/registration-setups-page.tsx').then((m) => ({
        Component: m.RegistrationSetupsPage,
      })),
  },
  // issue 11 (attendance and check-in): admin pages
  // the attendance report / marking page (routes AttendanceReport report/:id and MarkAttendance mark?id=)
  ...['attendancecheckin/report/:id', 'attendancecheckin/mark'].map((path) => ({
    path,
    lazy: () =>
      import('../features/attendance/attendance-report-page.tsx').then((m) => ({ Component: m.AttendanceReportPage })),
  })),
  // attendance set-up (spec 2.9-2.10; existing-client-api §1.6): the list, Add Attendance (new and
  // edit) and the check-in type page (routes AttendanceList, AddCheckin, AddAttendance, CheckinType, AttendanceQR)
  {
    path: 'attendancecheckin',
    lazy: () =>
      import('../features/attendance/attendance-list-page.tsx').then((m) => ({ Component: m.AttendanceListPage })),
  },
  ...['attendancecheckin/add', 'addattendancecheckin', 'addattendancecheckin/:id'].map((path) => ({
    path,
    lazy: () =>
      import('../features/attendance/add-attendance-page.tsx').then((m) => ({ Component: m.AddAttendancePage })),
  })),
  ...['attendancecheckin/type', 'attendancecheckin/qr'].map((path) => ({
    path,
    lazy: () => import('../features/attendance/checkin-type-page.tsx').then((m) => ({ Component: m.CheckinTypePage })),
  })),
  // child check-in at the door (issue 11; route ChildCheckin of existing-client-api §1.6) and a
  // check-in's labels (print view)
  {
    path: 'childcheckin',
    lazy: () =>
      import('../features/child-checkin/child-checkin-page.tsx').then((m) => ({ Component: m.ChildCheckinPage })),
  },
  {
    path: 'childcheckin/labels/:childCheckinId',
    lazy: () => import('../features/child-checkin/labels-page.tsx').then((m) => ({ Component: m.LabelsPage })),
  },
  // (end issue 11 admin pages)
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
  // the existing client's route name for the same page (existing-client-api §1.6): bookmarks keep working
  { path: 'transactionlist', element: <Navigate to="/tenant/transactions" replace /> },
  // settings (issue 8; spec 2.18-2.20, routes of existing-client-api §1.6)
  {
    path: 'settings/firsttimersettings',
    lazy: () =>
      import('../features/settings/life-cycle-page.tsx').then((m) => ({ Component: m.LifeCycleSettingsPage })),
  },
  // the branch summary embeds the levels without their heading (spec 2.19)
  ...['settings/branchlevelsettings', 'branch/branchsummary'].map((path) => ({
    path,
    lazy: () =>
      import('../features/settings/branch-levels-page.tsx').then((m) => ({ Component: m.BranchLevelSettingsPage })),
  })),
  {
    path: 'settings/customfieldsetup',
    lazy: () =>
      import('../features/settings/custom-fields-page.tsx').then((m) => ({ Component: m.CustomFieldSetupPage })),
  },
  // earlier names of these pages in Steward's menu: bookmarks keep working
  { path: 'settings/guestlifecycle', element: <Navigate to="/tenant/settings/firsttimersettings" replace /> },
  { path: 'settings/branchlevels', element: <Navigate to="/tenant/settings/branchlevelsettings" replace /> },
  { path: 'settings/customfields', element: <Navigate to="/tenant/settings/customfieldsetup" replace /> },
  // groups (issue 8; spec 2.21): the tree page, and one group's create/edit page
  {
    path: 'peoplegroups',
    lazy: () => import('../features/groups/groups-page.tsx').then((m) => ({ Component: m.GroupsPage })),
  },
  ...['createpeoplegroup', 'createpeoplegroup/:groupId'].map((path) => ({
    path,
    lazy: () => import('../features/groups/group-edit-page.tsx').then((m) => ({ Component: m.GroupEditPage })),
  })),
  // messaging (issue 9): compose, sent messages and one message's recipients, the Outbox
  ...['sms/compose', 'email/compose'].map((path) => ({
    path,
    lazy: () => import('../features/messaging/compose-page.tsx').then((m) => ({ Component: m.ComposePage })),
  })),
  ...['sms/sent', 'email/sent'].map((path) => ({
    path,
    lazy: () => import('../features/messaging/sent-messages-page.tsx').then((m) => ({ Component: m.SentMessagesPage })),
  })),
  {
    path: 'messages/:id',
    lazy: () =>
      import('../features/messaging/message-report-page.tsx').then((m) => ({ Component: m.MessageReportPage })),
  },
  {
    path: 'outbox',
    lazy: () => import('../features/messaging/outbox-page.tsx').then((m) => ({ Component: m.OutboxPage })),
  },
  // default messages (issue 9; spec 2.9 and 2.17)
  {
    path: 'settings/defaultmessage',
    lazy: () =>
      import('../features/settings/default-messages-page.tsx').then((m) => ({ Component: m.DefaultMessagesPage })),
  },
  {
    path: 'settings/adddefaultmessage',
    lazy: () =>
      import('../features/settings/default-message-page.tsx').then((m) => ({ Component: m.DefaultMessagePage })),
  },
  // online giving, admin side (issue 10; giving spec 2.1-2.5, routes of existing-client-api §1.6)
  {
    path: 'paymentforms',
    lazy: () => import('../features/giving/payment-forms-page.tsx').then((m) => ({ Component: m.PaymentFormsPage })),
  },
  ...['payments', 'payments/:editPayment'].map((path) => ({
    path,
    lazy: () => import('../features/giving/payment-form-page.tsx').then((m) => ({ Component: m.PaymentFormPage })),
  })),
  {
    path: 'paymentoptions/:paymentId',
    lazy: () =>
      import('../features/giving/payment-options-page.tsx').then((m) => ({ Component: m.PaymentOptionsPage })),
  },
  ...['onlinedonate', 'onlinedonation', 'payment'].map((path) => ({
    path,
    lazy: () => import('../features/giving/donations-page.tsx').then((m) => ({ Component: m.DonationsPage })),
  })),
  ...PLANNED.map(({ path, title }) => ({
    path,
    lazy: () =>
      import('../components/planned-area.tsx').then((m) => ({
        Component: () => <m.PlannedArea title={title} />,
      })),
  })),
  { path: '*', lazy: notFound },
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
        lazy: withProviders(
          () => import('../features/auth/sign-up-page.tsx'),
          (m) => m.SignUpPage,
        ),
      },
      // a report's share link: read-only, no sign-in (issue 7)
      {
        path: '/r/:token',
        lazy: withProviders(
          () => import('../features/offerings/report-shared-page.tsx'),
          (m) => m.ReportSharedPage,
        ),
      },
      // the platform operator (issue 9 'Sender IDs'): outside /tenant, with its own sign-in
      {
        path: '/operator/signin',
        lazy: withProviders(
          () => import('../features/operator/operator-sign-in-page.tsx'),
          (m) => m.OperatorSignInPage,
        ),
      },
      {
        path: '/operator',
        lazy: withProviders(
          () => import('../features/operator/operator-sender-ids-page.tsx'),
          (m) => m.OperatorSenderIdsPage,
        ),
      },
      // online giving, public side (issue 10 'Public pages'): plain React and CSS like /signin, no
      // antd, no zod, no query cache (under 150 KB of JavaScript). The form's answer is asked for
      // as the route matches, beside the page's own chunk (a slow network waits for both at once).
      ...['/give/:userId', '/iframe/:userId'].map((path) => ({
        path,
        loader: ({ params }: { params: { userId?: string } }) => {
          prefetchPublicForm(params.userId);
          return null;
        },
        lazy: () =>
          import('../features/give/give-page.tsx').then((m) => ({
            Component: path.startsWith('/iframe') ? m.IframeGivePage : m.GivePage,
          })),
      })),
      ...['/give/:userId/thanks', '/iframe/:userId/thanks'].map((path) => ({
        path,
        lazy: () =>
          import('../features/give/thanks-page.tsx').then((m) => ({
            Component: path.startsWith('/iframe') ? m.IframeThanksPage : m.GiveThanksPage,
          })),
      })),
      {
        path: '/signuppayment/:userId?',
        lazy: () => import('../features/give/giver-sign-up-page.tsx').then((m) => ({ Component: m.GiverSignUpPage })),
      },
      {
        path: '/signinpayment/:userId?',
        lazy: () => import('../features/give/giver-sign-in-page.tsx').then((m) => ({ Component: m.GiverSignInPage })),
      },
      {
        path: '/transactionpage/:userId?',
        lazy: () =>
          import('../features/give/giver-transactions-page.tsx').then((m) => ({ Component: m.GiverTransactionsPage })),
      },
      // the link of the giver's 'Forgot Password?' e-mail (giving giver-service.ts sendResetEmail)
      {
        path: '/giver/reset-password',
        lazy: () =>
          import('../features/give/giver-reset-page.tsx').then((m) => ({ Component: m.GiverResetPasswordPage })),
      },
      // issue 11 (attendance and check-in): public pages
      // the public self check-in (spec 2.11): plain React and CSS like the giving page; the event's
      // answer is asked for as the route matches, beside the page's chunk
      {
        path: '/checkin/e/:code',
        loader: ({ params }: { params: { code?: string } }) => {
          void import('../api/checkin.ts').then((m) => m.prefetchCheckinEvent(params.code));
          return null;
        },
        lazy: () =>
          import('../features/checkin/public-checkin-page.tsx').then((m) => ({ Component: m.PublicCheckinPage })),
      },
      // issue 12: the public event registration (spec 2.12-2.14; existing-client-api §5.1), plain
      // React and CSS like the giving page; the event is asked for as the route matches
      {
        path: '/event/:checkinId',
        loader: ({ params }: { params: { checkinId?: string } }) => {
          void import('../api/event-registration.ts').then((m) => m.prefetchRegistrationEvent(params.checkinId));
          return null;
        },
        lazy: () =>
          import('../features/event-registration/event-registration-page.tsx').then((m) => ({
            Component: m.EventRegistrationPage,
          })),
      },
      // the check-in shell, family portal (spec 2.16; existing-client-api §1.6 BaseIndex /checkin,
      // CheckinSignin, CheckinSignup): it runs on a church device signed in as the church (the auth
      // guard), where a parent signs in with a family account
      ...['/childcheckin/:tenantId', '/checkinsignup/:tenantId'].map((path) => ({
        path,
        lazy: () => import('./require-user.tsx').then((m) => ({ Component: m.RequireUser })),
        children: [
          {
            index: true,
            lazy: () =>
              path.startsWith('/childcheckin')
                ? import('../features/checkin-shell/sign-in-page.tsx').then((m) => ({ Component: m.CheckinSignInPage }))
                : import('../features/checkin-shell/sign-up-page.tsx').then((m) => ({
                    Component: m.CheckinSignUpPage,
                  })),
          },
        ],
      })),
      {
        path: '/checkin',
        lazy: () => import('./require-user.tsx').then((m) => ({ Component: m.RequireUser })),
        children: [
          {
            lazy: () =>
              import('../features/checkin-shell/shell-layout.tsx').then((m) => ({ Component: m.CheckinShellLayout })),
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/checkin-shell/dashboard-page.tsx').then((m) => ({
                    Component: m.CheckinDashboardPage,
                  })),
              },
              {
                path: 'checkinprofile',
                lazy: () =>
                  import('../features/checkin-shell/profile-page.tsx').then((m) => ({
                    Component: m.CheckinProfilePage,
                  })),
              },
              {
                path: 'checkinfamily',
                lazy: () =>
                  import('../features/checkin-shell/family-page.tsx').then((m) => ({ Component: m.CheckinFamilyPage })),
              },
              {
                path: 'checkinguardian',
                lazy: () =>
                  import('../features/checkin-shell/guardian-page.tsx').then((m) => ({
                    Component: m.CheckinGuardianPage,
                  })),
              },
              {
                path: 'upcomingevents',
                lazy: () =>
                  import('../features/checkin-shell/events-page.tsx').then((m) => ({
                    Component: m.UpcomingEventsPage,
                  })),
              },
              {
                path: 'checkinevent/:eventId',
                lazy: () =>
                  import('../features/checkin-shell/event-page.tsx').then((m) => ({ Component: m.CheckinEventPage })),
              },
              {
                path: 'thankyou/:code',
                lazy: () =>
                  import('../features/checkin-shell/thank-you-page.tsx').then((m) => ({ Component: m.ThankYouPage })),
              },
              {
                path: '*',
                lazy: () =>
                  import('../features/checkin-shell/shell-not-found.tsx').then((m) => ({ Component: m.ShellNotFound })),
              },
            ],
          },
        ],
      },
      // (end issue 11 public pages)
      {
        path: '/tenant',
        lazy: () => import('./require-user.tsx').then((m) => ({ Component: m.RequireUser })),
        children: [
          {
            lazy: () => import('./tenant-layout.tsx').then((m) => ({ Component: m.TenantLayout })),
            children: tenantRoutes,
          },
        ],
      },
      { path: '*', lazy: publicNotFound },
    ],
  },
];

export const router = createBrowserRouter(routes);
