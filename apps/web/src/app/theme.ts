/**
 * The antd theme of the app (ConfigProvider, app-providers.tsx). The sign-in page's CSS
 * (features/auth/auth.css) restates these colours and fonts, since it does not load antd.
 */
export const antdTheme = {
  token: {
    colorPrimary: '#3b5bdb',
    colorLink: '#3b5bdb',
    borderRadius: 8,
    colorBgLayout: '#f5f6fa',
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { siderBg: '#ffffff', headerBg: '#ffffff', headerPadding: '0 16px' },
    Table: { headerBg: '#f8f9fc' },
  },
};
