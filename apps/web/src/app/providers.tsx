import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { queryClient } from './query-client.ts';

const theme = {
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

/** Query cache, antd theme and antd's App context (message, notification, modal hooks). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={enUS} theme={theme}>
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
