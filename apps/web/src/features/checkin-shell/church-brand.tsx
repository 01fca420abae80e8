import { Skeleton } from 'antd';
import { initialsOf } from './photo.tsx';
import { SHELL_TEXTS as T } from './texts.ts';

/**
 * The church's logo and name at the top of the shell's menu and of its sign-in pages (spec 2.16
 * 'The church logo is at the top'); the initials in a badge when the church has no logo.
 * `compact`: the small version of the phone's top bar.
 */
export function ChurchBrand({
  name,
  logo,
  loading,
  compact,
}: {
  name: string;
  logo: string | null;
  loading?: boolean;
  compact?: boolean;
}) {
  const size = compact ? 36 : 56;
  return (
    <div className={`cs-brand${compact ? ' cs-brand-compact' : ''}`}>
      {loading ? (
        <Skeleton.Avatar active size={size} shape="square" />
      ) : logo ? (
        <img src={logo} alt={`${name} logo`} className="cs-brand-logo" style={{ width: size, height: size }} />
      ) : (
        <span aria-hidden className="cs-brand-badge" style={{ width: size, height: size }}>
          {initialsOf(name)}
        </span>
      )}
      <span className="cs-brand-text">
        <span className="cs-brand-name">{name}</span>
        {compact ? null : <span className="cs-brand-sub">{T.portalName}</span>}
      </span>
    </div>
  );
}
