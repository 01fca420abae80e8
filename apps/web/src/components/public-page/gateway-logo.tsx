/*
 * The payment providers' logos (giving spec 2.8, 2.14), drawn inline: no image request on a slow
 * network, no third-party address. Simple marks in each brand's colours beside its name as text,
 * so the name is read by screen readers and found by tests. Any other gateway name gets the
 * default logo (spec §3 'Two known gateway names have their own logos').
 */

/** Which logo a gateway name ('Paystack', 'FlutterWave', 'paystack', ...) gets. */
export function logoKind(name: string): 'paystack' | 'flutterwave' | 'other' {
  const n = name.toLowerCase();
  if (n.includes('paystack')) return 'paystack';
  if (n.includes('flutterwave')) return 'flutterwave';
  return 'other';
}

function PaystackMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false" className="pp-logo-mark">
      <rect x="2" y="3" width="20" height="3.4" rx="1.2" fill="#00c3f7" />
      <rect x="2" y="8.3" width="20" height="3.4" rx="1.2" fill="#00c3f7" />
      <rect x="2" y="13.6" width="20" height="3.4" rx="1.2" fill="#011b33" />
      <rect x="2" y="18.9" width="12" height="3.4" rx="1.2" fill="#00c3f7" />
    </svg>
  );
}

function FlutterwaveMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false" className="pp-logo-mark">
      <path d="M3 19C6 9 11 4 20 3c-6 3-9 8-10 16H3z" fill="#fb9129" />
      <path d="M10 19c1.5-5 5-8.5 11-9.5-4 2.5-6 5.6-6.6 9.5H10z" fill="#f5a623" />
      <circle cx="6" cy="6" r="2.4" fill="#ff5805" />
    </svg>
  );
}

function CardMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false" className="pp-logo-mark">
      <rect x="2" y="5" width="20" height="14" rx="2.5" fill="#5c6b8a" />
      <rect x="2" y="8.5" width="20" height="2.6" fill="#2b3650" />
      <rect x="5" y="14" width="6" height="2" rx="1" fill="#e3e8f2" />
    </svg>
  );
}

/**
 * A provider's logo: its mark and its name. `name` is the gateway's name as the API gives it;
 * the label shown is 'Paystack', 'Flutterwave' or the name itself.
 */
export function GatewayLogo({ name, compact = false }: { name: string; compact?: boolean }) {
  const kind = logoKind(name);
  const label = kind === 'paystack' ? 'Paystack' : kind === 'flutterwave' ? 'Flutterwave' : name;
  return (
    <span className={`pp-logo pp-logo-${kind}${compact ? ' pp-logo-compact' : ''}`}>
      {kind === 'paystack' ? <PaystackMark /> : kind === 'flutterwave' ? <FlutterwaveMark /> : <CardMark />}
      <span className="pp-logo-name">{label}</span>
    </span>
  );
}
