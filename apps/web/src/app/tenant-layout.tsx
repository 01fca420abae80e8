import { LogoutOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Grid, Layout, Menu, Typography, type MenuProps } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { logout } from '../api/auth.ts';
import { useCurrentUser } from './current-user.ts';
import { NAV_ITEMS, NavHintContext, openGroupOf, selectedNavPath } from './nav-items.tsx';

const SIDER_WIDTH = 232;

// The phone's menu drawer loads when it is first opened (issue 7 'Speed').
const MenuDrawer = lazy(() => import('./menu-drawer.tsx').then((m) => ({ default: m.MenuDrawer })));

function menuItems(): MenuProps['items'] {
  return NAV_ITEMS.map((item) =>
    'children' in item
      ? {
          key: item.key,
          label: item.label,
          icon: item.icon,
          children: item.children.map((c) => ({ key: c.path, label: <Link to={c.path}>{c.label}</Link> })),
        }
      : { key: item.path, icon: item.icon, label: <Link to={item.path}>{item.label}</Link> },
  );
}

function Brand({ compact }: { compact?: boolean }) {
  return (
    <Link
      to="/tenant"
      aria-label="Steward home"
      style={{ display: 'flex', alignItems: 'center', gap: 10, height: 64, padding: '0 20px', color: 'inherit' }}
    >
      <span
        aria-hidden
        style={{
          width: 30,
          height: 30,
          borderRadius: 8,
          background: 'linear-gradient(135deg,#3b5bdb,#5c7cfa)',
          color: '#fff',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
        }}
      >
        S
      </span>
      {compact ? null : <strong style={{ fontSize: 18 }}>Steward</strong>}
    </Link>
  );
}

/** The /tenant shell: side menu (drawer on small screens), header with church, user and Sign out. */
export function TenantLayout() {
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const isDesktop = screens.lg ?? true;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // once opened, the drawer stays mounted so that it can play its closing animation
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // the menu entry a page names when its path does not tell (a message's report: useNavHint)
  const [navHint, setNavHint] = useState<string | undefined>(undefined);
  const selected = selectedNavPath(location.pathname, navHint);
  const openGroup = openGroupOf(location.pathname, selected);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (openGroup ? [openGroup] : []));
  useEffect(() => {
    if (openGroup) setOpenKeys((keys) => (keys.includes(openGroup) ? keys : [...keys, openGroup]));
  }, [openGroup, selected]);
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const items = useMemo(menuItems, []);
  const menu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      openKeys={collapsed && isDesktop ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      style={{ borderInlineEnd: 'none' }}
      aria-label="Main menu"
    />
  );

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
    } catch {
      // The session is dropped locally either way.
    }
    await navigate('/signin', { replace: true });
    queryClient.clear();
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isDesktop ? (
        <Layout.Sider
          // the side menu's background runs the page's full height; its contents stay in view (global.css)
          className="no-print app-sider"
          width={SIDER_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
        >
          <Brand compact={collapsed} />
          <nav>{menu}</nav>
        </Layout.Sider>
      ) : (
        drawerLoaded && (
          <Suspense fallback={null}>
            <MenuDrawer
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              width={SIDER_WIDTH + 24}
              title={<Brand />}
            >
              <nav>{menu}</nav>
            </MenuDrawer>
          </Suspense>
        )
      )}
      <Layout>
        <Layout.Header
          className="no-print"
          style={{
            borderBottom: '1px solid #eef0f4',
            position: 'sticky',
            top: 0,
            zIndex: 10,
            display: 'flex',
            alignItems: 'center',
            gap: 12,
          }}
        >
          <Button
            type="text"
            aria-label={isDesktop ? (collapsed ? 'Expand menu' : 'Collapse menu') : 'Open menu'}
            icon={
              isDesktop ? (
                collapsed ? (
                  <MenuUnfoldOutlined aria-hidden />
                ) : (
                  <MenuFoldOutlined aria-hidden />
                )
              ) : (
                <MenuOutlined aria-hidden />
              )
            }
            onClick={() => {
              if (isDesktop) return setCollapsed((c) => !c);
              setDrawerLoaded(true);
              setDrawerOpen(true);
            }}
          />
          <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0, fontSize: 16 }} data-testid="church-name">
            {user.churchName}
          </Typography.Text>
          <Flex align="center" gap={12}>
            {screens.sm ? (
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }} data-testid="user-email">
                {user.userEmail}
              </Typography.Text>
            ) : null}
            <Button icon={<LogoutOutlined aria-hidden />} loading={signingOut} onClick={() => void signOut()}>
              Sign out
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: isDesktop ? 24 : 12 }}>
          <div className="page-surface">
            <NavHintContext value={setNavHint}>
              <Outlet />
            </NavHintContext>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
