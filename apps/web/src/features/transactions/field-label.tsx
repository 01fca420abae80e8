import type { ReactNode } from 'react';

/** A small label above a field of the edit panel. */
export function FieldLabel({ htmlFor, children }: { htmlFor?: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} style={{ display: 'block', fontSize: 12, color: 'rgba(0,0,0,0.65)', marginBottom: 4 }}>
      {children}
    </label>
  );
}
