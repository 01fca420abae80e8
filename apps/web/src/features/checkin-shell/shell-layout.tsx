import {
  CalendarOutlined,
  DashboardOutlined,
  LogoutOutlined,
  MenuOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Grid, Layout, Menu, type MenuProps } from 'antd';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import {
  clearFamilySession,
  familyKeys,
  familyLogout,
  readFamilySession,
  setFamilySessionLostHandler,
} from '../../api/family.ts';
import { useCurrentUser } from '../../app/current-user.ts';
import { ChurchBrand } from './church-brand.tsx';
import { FamilyShellContext, SHELL_PATHS, selectedShellKey, signInPath, type FamilyShell } from './shell-context.ts';
import { SHELL_TEXTS as T } from './texts.ts';
import { useChurch } from './use-family.ts';
import './checkin-shell.css';

const SIDER_WIDTH = 240;
const LOGOUT = 'logout';

function menuItems(): MenuProps['items'] {
  const link = (path: string, label: string, icon: ReactNode) => ({
    key: path,
    icon,
    label: <Link to={path}>{label}</Link>,
  });
  return [
    link(SHELL_PATHS.dashboard, T.menuDashboard, <DashboardOutlined aria-hidden />),
    link(SHELL_PATHS.profile, T.menuProfile, <UserOutlined aria-hidden />),
    link(SHELL_PATHS.family, T.menuFamily, <TeamOutlined aria-hidden />),
    link(SHELL_PATHS.guardian, T.menuGuardian, <SafetyCertificateOutlined aria-hidden />),
    link(SHELL_PATHS.events, T.menuEvents, <CalendarOutlined aria-hidden />),
    { type: 'divider' as const },
    { key: LOGOUT, icon: <LogoutOutlined aria-hidden />, label: T.menuLogout, danger: true },
  ];
}

/**
 * /checkin (spec 2.16; existing-client-api §1.6 'BaseIndex'): the check-in shell around its pages,
 * inside the church's session (the auth guard). Needs a parent signed in on this device for this
 * church, else goes to the church's sign-in page (/childcheckin/:tenantId). The side menu
 * (Dashboard, Profile, Family, Guardian, Events, Logout) with the church's logo at the top; on
 * screens under 992 px a menu toggle opens it as a drawer. Logout ends the parent's token,
 * forgets it on the device and goes to the sign-in page.
 */
export function CheckinShellLayout() {
  const user = useCurrentUser();
  const [session, setSession] = useState(readFamilySession);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const isDesktop = screens.lg ?? true;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const church = useChurch(user.tenantId);

  useEffect(() => setDrawerOpen(false), [location.pathname]);

  // a token the server refuses (expired, ended elsewhere): back to the sign-in page, saying why
  // (the Navigate below, with the `expired` state)
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setFamilySessionLostHandler(() => {
      setExpired(true);
      setSession(null);
      queryClient.removeQueries({ queryKey: familyKeys.all });
    });
    return () => setFamilySessionLostHandler(null);
  }, [queryClient]);

  const signOut = useCallback(async () => {
    const token = session?.token;
    if (token) await familyLogout(token).catch(() => undefined);
    clearFamilySession();
    setSession(null);
    queryClient.removeQueries({ queryKey: familyKeys.all });
    await navigate(signInPath(user.tenantId), { replace: true });
  }, [navigate, queryClient, session?.token, user.tenantId]);

  const items = useMemo(menuItems, []);
  const shell = useMemo<FamilyShell | null>(
    () =>
      session
        ? {
            session,
            church: { name: church.data?.name ?? user.churchName, logo: church.data?.logo ?? null },
            signOut,
          }
        : null,
    [session, church.data, user.churchName, signOut],
  );

  if (!shell || shell.session.tenantId !== user.tenantId)
    return <Navigate to={signInPath(user.tenantId)} replace state={expired ? { expired: true } : undefined} />;

  const menu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selectedShellKey(location.pathname)]}
      onClick={({ key }) => {
        if (key === LOGOUT) void signOut();
      }}
      style={{ borderInlineEnd: 'none' }}
      aria-label={T.mainMenu}
    />
  );
  const brand = <ChurchBrand name={shell.church.name} logo={shell.church.logo} loading={church.isPending} />;

  return (
    <FamilyShellContext value={shell}>
      <Layout className="cs-shell">
        {isDesktop ? (
          <Layout.Sider width={SIDER_WIDTH} theme="light" className="cs-sider">
            {brand}
            <nav>{menu}</nav>
          </Layout.Sider>
        ) : (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={SIDER_WIDTH + 24}
            closable={false}
            styles={{ body: { padding: 0 }, header: { padding: 0 } }}
            title={brand}
          >
            <nav>{menu}</nav>
          </Drawer>
        )}
        <Layout>
          {isDesktop ? null : (
            <Layout.Header className="cs-header">
              <Button
                type="text"
                size="large"
                aria-label={T.openMenu}
                aria-expanded={drawerOpen}
                icon={<MenuOutlined aria-hidden />}
                onClick={() => setDrawerOpen(true)}
              />
              <ChurchBrand name={shell.church.name} logo={shell.church.logo} loading={church.isPending} compact />
            </Layout.Header>
          )}
          <Layout.Content className="cs-content">
            <main className="cs-main">
              <Outlet />
            </main>
          </Layout.Content>
        </Layout>
      </Layout>
    </FamilyShellContext>
  );
}
