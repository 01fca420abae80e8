/** A person's initials: the first letter of the first two words ('Ada Obi' → 'AO'). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * A child's photo on a tag or label (spec 2.15 'photo'), `size` pixels (or a CSS length) square;
 * the initials in a circle when there is no picture. Decorative: the name is printed beside it.
 */
export function ChildPhoto({ url, name, size }: { url: string | null; name: string; size: number | string }) {
  const box = typeof size === 'number' ? `${size}px` : size;
  if (url)
    return (
      <img
        src={url}
        alt=""
        className="cc-photo"
        style={{ width: box, height: box }}
        onError={(e) => {
          e.currentTarget.style.visibility = 'hidden';
        }}
      />
    );
  return (
    <span aria-hidden className="cc-photo cc-photo-initials" style={{ width: box, height: box }}>
      {initialsOf(name)}
    </span>
  );
}
