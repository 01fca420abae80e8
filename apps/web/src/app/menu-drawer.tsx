import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/**
 * The side menu of small screens: antd's Drawer from the left, `width` CSS pixels wide, with
 * the brand as its title and no close button (a click outside or Escape closes it). Lazy-loaded
 * by the tenant layout when first opened (issue 7 'Speed').
 */
export function MenuDrawer({
  open,
  onClose,
  width,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={width}
      styles={{ body: { padding: 0 } }}
      title={title}
      closable={false}
    >
      {children}
    </Drawer>
  );
}
