import type { ReactNode } from 'react';
import { PublicLayout } from '../../components/public-page/public-layout.tsx';
import './give.css';

/**
 * The frame of the public giving pages (issue 10 'Public pages'): the public-page kit's frame
 * (components/public-page/public-layout.tsx) with the giving pages' class (`gv-page`, under which
 * give.css scopes its changes to the kit), the gradient background on wider screens and the
 * footer naming the payment providers. Embedded (/iframe/{id}): the content alone on white.
 */
export function GiveLayout({
  church,
  embedded = false,
  wide = false,
  children,
}: {
  /** the church of the page, when known (the header band shows it) */
  church?: { name: string; logo: string | null } | null;
  embedded?: boolean;
  /** a wider column (the transactions list) */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <PublicLayout church={church} embedded={embedded} wide={wide} payments className="gv-page">
      {children}
    </PublicLayout>
  );
}
