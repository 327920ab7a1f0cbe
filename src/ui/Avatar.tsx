/**
 * A round avatar: the picture, or the initials when there is none or it fails to load
 * (LinkedIn image URLs expire; a deleted storage object answers 404) — never a broken image.
 */
import { useState } from 'react';

interface AvatarProps {
  src: string | null | undefined;
  /** Shown instead of the picture (one or two letters). */
  initials: string;
  sizePx: number;
  /** The picture's text alternative; empty when the avatar is decorative (a name sits next to it). */
  alt: string;
}

export function Avatar({ src, initials, sizePx, alt }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const size = { width: sizePx, height: sizePx };
  if (src && src !== failedSrc) {
    return <img className="avatar" src={src} alt={alt} style={size} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span
      className="avatar letter"
      style={{ ...size, fontSize: Math.round(sizePx * 0.4) }}
      data-testid="avatar-initial"
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    >
      {initials}
    </span>
  );
}
