import { TOAST_SECONDS } from '@steward/contracts/messages';
import { App } from 'antd';
import { useMemo } from 'react';

/**
 * Toasts with the spec's durations (§9): 3 s by default, 5 s for cancels and info.
 * Built on antd's App context so they follow the theme.
 */
export function useToast() {
  const { message } = App.useApp();
  return useMemo(
    () => ({
      success: (text: string, seconds: number = TOAST_SECONDS.default) => void message.success(text, seconds),
      error: (text: string, seconds: number = TOAST_SECONDS.default) => void message.error(text, seconds),
      warning: (text: string, seconds: number = TOAST_SECONDS.default) => void message.warning(text, seconds),
      info: (text: string, seconds: number = TOAST_SECONDS.info) => void message.info(text, seconds),
    }),
    [message],
  );
}

export type Toast = ReturnType<typeof useToast>;
