import { useRouter } from '@tanstack/react-router';
import { useState, type CSSProperties } from 'react';
import { isWebAddress } from '@/lib/web-address';
import { useFirstScreenPainted } from '@/lib/later/use-first-screen-painted';
import classes from './book-cover.module.css';

/** Below this width a tile shows the title's initials; from it on, the title and the author. */
const TITLED_TILE_WIDTH = 80;

export interface BookCoverProps {
  src: string | null;
  title: string;
  author: string;
  /** In px; the height follows a book's 2:3 proportions. */
  width?: number;
}

/**
 * A book cover, or a tile made from the title and author when there is none, it is not a web
 * address or it fails to load. Covers come from the image host, a connection of their own: on
 * the first screen they start loading once it is painted, so a page of twenty covers does not
 * hold up the page's own code and calls on a slow connection. Plain elements styled in CSS: a
 * page draws twenty of these.
 */
export function BookCover({ src, title, author, width = 56 }: BookCoverProps) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const firstScreenPainted = useFirstScreenPainted(useRouter());
  const size = { '--book-cover-width': `${width}px` } as CSSProperties;
  if (src && isWebAddress(src) && failedSrc !== src && firstScreenPainted) {
    return (
      <img
        src={src}
        alt=""
        className={classes.cover}
        style={size}
        onError={() => {
          setFailedSrc(src);
        }}
      />
    );
  }
  const style = { ...size, '--book-tile-colour': coverTileColour(title) } as CSSProperties;
  // The title and author are read beside every cover, so the tile is only a picture of them.
  return (
    <div className={`${classes.cover} ${classes.tile}`} style={style} aria-hidden="true">
      {width < TITLED_TILE_WIDTH ? (
        <span className={classes.initials}>{titleInitials(title)}</span>
      ) : (
        <>
          <span className={classes.title}>{title || 'Untitled'}</span>
          <span className={classes.author}>{author}</span>
        </>
      )}
    </div>
  );
}

/**
 * A colour of the title's own, the same on every visit: a hue from a hash of the title, at a
 * saturation and lightness where white lettering keeps a contrast of at least 4.5:1.
 */
export function coverTileColour(title: string): string {
  let hash = 2166136261;
  for (const character of title.trim().toLowerCase()) {
    hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16777619);
  }
  const hue = (hash >>> 0) % 360;
  return `hsl(${hue} 45% 30%)`;
}

/** Up to two letters: the first of the title's first two words that start with one. */
export function titleInitials(title: string): string {
  const initials = title
    .split(/\s+/)
    .map((word) => /\p{L}|\p{N}/u.exec(word)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return initials || '?';
}
